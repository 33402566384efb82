export type MermaidCheck = { ok: true; diagramType: string } | { ok: false; message: string };

/**
 * The inside of a quoted label as escapeMermaidLabel writes it: no character
 * that could end the string or open anything (`"` `%` `` ` `` `<` `>` `&`
 * `|` `\` `#`, controls, format characters, line separators, lone
 * surrogates), except the entity codes it writes itself.
 */
const LABEL_CHAR = String.raw`(?:[^"%\x60<>&|\\#\p{Cc}\p{Cf}\u2028\u2029\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF]|#(?:quot|lt|gt|amp|\d{1,5});)`;
const LABEL = `"${LABEL_CHAR}+"`;
const EMPTY_OR_LABEL = `"${LABEL_CHAR}*"`;
const NODE_ID = String.raw`n\d{1,6}`;
const SHAPED = String.raw`(?:\[\[${LABEL}\]\]|\(\[${LABEL}\]\)|\{\{${LABEL}\}\}|\[\(${LABEL}\)\]|\[${LABEL}\])`;
const CLASS_NAME = '(?:added|changed|removed|external)';
const STYLE = String.raw`fill:#[0-9a-f]{6},stroke:#[0-9a-f]{6},color:#[0-9a-f]{6}(?:,stroke-dasharray:\d \d)?`;

const FLOWCHART = {
  head: /^flowchart (?:TB|LR)$/,
  node: new RegExp(`^(?:  |    )${NODE_ID}${SHAPED}$`, 'u'),
  subgraph: new RegExp(`^  subgraph g\\d{1,6}\\[${LABEL}\\]$`, 'u'),
  end: /^ {2}end$/,
  edge: new RegExp(`^  ${NODE_ID} (?:-->|-\\.->)(?:\\|${LABEL}\\|)? ${NODE_ID}$`, 'u'),
  classDef: new RegExp(`^  classDef ${CLASS_NAME} ${STYLE}$`),
  class: new RegExp(`^  class ${NODE_ID}(?:,${NODE_ID})* ${CLASS_NAME}$`),
};

/** erDiagram's lexer reads these as keys inside an entity block, so a column named one is left to Mermaid. */
const ER_KEYWORD = /^(?:PK|FK|UK)$/i;
const ER_WORD = '[A-Za-z_][A-Za-z0-9_-]{0,40}';
const ER = {
  entity: new RegExp(`^  e\\d{1,6}\\[${LABEL}\\]( \\{)?$`, 'u'),
  attribute: new RegExp(`^    (${ER_WORD}) (${ER_WORD})(?: (?:PK|FK|UK))?$`),
  close: /^ {2}\}$/,
  relation: new RegExp(`^  e\\d{1,6} (?:\\|\\|--\\|\\||\\|\\|--o\\{|\\}o--\\|\\||\\}o--o\\{) e\\d{1,6} : ${EMPTY_OR_LABEL}$`, 'u'),
};

/**
 * Accepts the Mermaid text compileMermaid writes, and nothing it is not sure
 * of: every line must have one of the exact shapes the compiler emits
 * (generated ids, quoted and escaped labels, the compiler's own arrows,
 * classes and styles). Such text parses with Mermaid; the tests and the
 * bench prove it against Mermaid's own parser on every diagram they make and
 * on hostile and mutated ones. Undefined means "not sure": ask Mermaid.
 * It costs microseconds where Mermaid costs ~1.5 s to load (jsdom + mermaid).
 */
export function checkCompiledMermaid(text: string): MermaidCheck | undefined {
  const lines = text.split('\n');
  if (lines[0] === 'erDiagram') return checkEr(lines) ? { ok: true, diagramType: 'er' } : undefined;
  if (FLOWCHART.head.test(lines[0] ?? '')) return checkFlowchart(lines) ? { ok: true, diagramType: 'flowchart-v2' } : undefined;
  return undefined;
}

function checkFlowchart(lines: string[]): boolean {
  let inSubgraph = false;
  for (const line of lines.slice(1)) {
    if (FLOWCHART.subgraph.test(line)) {
      if (inSubgraph) return false;
      inSubgraph = true;
    } else if (FLOWCHART.end.test(line)) {
      if (!inSubgraph) return false;
      inSubgraph = false;
    } else if (FLOWCHART.node.test(line)) {
      // Members of a subgraph are indented four spaces, the rest two.
      if (line.startsWith('    ') !== inSubgraph) return false;
    } else if (inSubgraph || !(FLOWCHART.edge.test(line) || FLOWCHART.classDef.test(line) || FLOWCHART.class.test(line))) {
      return false;
    }
  }
  return !inSubgraph;
}

function checkEr(lines: string[]): boolean {
  let inEntity = false;
  for (const line of lines.slice(1)) {
    if (inEntity) {
      if (ER.close.test(line)) {
        inEntity = false;
        continue;
      }
      const attribute = ER.attribute.exec(line);
      if (!attribute || ER_KEYWORD.test(attribute[1]!) || ER_KEYWORD.test(attribute[2]!)) return false;
      continue;
    }
    const entity = ER.entity.exec(line);
    if (entity) inEntity = entity[1] !== undefined;
    else if (!ER.relation.test(line)) return false;
  }
  return !inEntity;
}
