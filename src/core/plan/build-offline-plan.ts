import type { CodeIndex } from '../code-index/code-index.js';
import type { SymbolHit } from '../code-index/graph-queries.js';
import { REMEMBERED_REASON } from '../explore/locate-files.js';
import { NOT_DEFINED_HERE } from '../explore/package-context.js';
import type { Candidate, RepoContext } from '../explore/types.js';
import { isProductFile } from '../explore/map-modules.js';
import { isTestFile } from '../repo/is-test-file.js';
import { NO_TEST_FOUND } from '../tests/find-tests-for.js';
import { code, escapeText } from '../render/markdown.js';
import { findExistingMechanisms } from './find-existing-mechanism.js';
import { changeWeight, findFilesToChange, isTiedToRequest, tiesBySpecificWords, type FileToChange } from './find-files-to-change.js';
import { readPrompt, type PromptReading } from '../explore/read-prompt.js';
import { focusOnNamedCode } from './focus-on-named-code.js';
import { hasAnyWord } from './has-any-word.js';
import { selectFilesToChange } from './select-files-to-change.js';
import { describeCallSites, PLAN_CALLER_CAP, type PlanDoc, type PlanModule, type PlanSymbol } from './plan-doc.js';

const MAX_SYMBOLS = 8;
const MAX_PATTERNS = 3;
/** Distinct request words an excerpt holds to be shown as code to follow. */
const MIN_PATTERN_WORDS = 2;

/**
 * A plan built from the evidence and the graph alone: the modules and
 * symbols the question leads to, the code around them to follow, phases
 * (prepare, change, test), criteria and the risks the call graph shows.
 * Every line it states comes from the index; the wording of the goal is the
 * requester's own.
 */
export function buildOfflinePlan(input: {
  prompt: string;
  context: RepoContext;
  index: CodeIndex;
  flavour: PlanDoc['flavour'];
  files?: FileToChange[];
  /** The text of the files to change, when read (produce-plan): a named class's methods are ranked by their bodies. */
  texts?: ReadonlyMap<string, string>;
  /** The exploration's candidates: one the thread's earlier reply cited is code a follow-up means to follow. */
  candidates?: readonly Candidate[];
}): PlanDoc {
  const { context, index } = input;
  const byFile = new Map<string, typeof context.evidence>();
  for (const e of context.evidence) byFile.set(e.path, [...(byFile.get(e.path) ?? []), e]);
  const ranked = [...byFile.entries()]
    .map(([path, items]) => ({
      path,
      items,
      score: items.length + (items.some((e) => e.source === 'definition') ? 2 : 0) - (isTestFile(path) ? 3 : 0),
    }))
    .sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
  const files = selectFilesToChange(
    input.files ?? findFilesToChange({ prompt: input.prompt, candidates: [], evidence: context.evidence, index }),
  );
  const toChange = files.filter((f) => f.role === 'change');
  const related = files.filter((f) => f.role === 'related');
  const modules: PlanModule[] = files.map((f) => ({ path: f.path, why: f.why || 'found through the graph', ref: f.ref, role: f.role }));
  const symbols = findPlanSymbols({
    context,
    index,
    files,
    reading: readPrompt(input.prompt),
    texts: input.texts ?? new Map<string, string>(),
  });
  const existing = findExistingMechanisms(input.prompt, index);
  // Code to follow is the product's own (isProductFile): never a bundle, a vendored copy, a declaration, a config,
  // a test, a benchmark or an example.
  // Only lines the request's words matched, at least MIN_PATTERN_WORDS of them: never a file's head that nothing
  // matched, nor a file left out of the related files for sharing one word with the request.
  const words = readPrompt(input.prompt).words;
  const remembered = new Set((input.candidates ?? []).filter((c) => c.reason.includes(REMEMBERED_REASON)).map((c) => c.path));
  const patterns = ranked
    .map((r) => ({
      ...r,
      // What the thread's earlier reply cited is the code a follow-up ("now do the same for …") means to follow.
      items: remembered.has(r.path)
        ? r.items
        : r.items.filter((e) => e.source !== 'head' && words.filter((w) => hasAnyWord([e.snippet], [w])).length >= MIN_PATTERN_WORDS),
    }))
    .filter(
      (r) =>
        r.items.length > 0 &&
        !modules.some((m) => m.path === r.path) &&
        !existing.some((e) => e.path === r.path) &&
        isProductFile(index, r.path),
    )
    .slice(0, MAX_PATTERNS)
    .map(({ path, items }) => ({
      text: `${items[0]!.reason} in ${path}`,
      ref: { path, startLine: items[0]!.startLine, endLine: items[0]!.endLine },
    }));

  const verb = input.flavour === 'refactor' ? 'Restructure' : 'Change';
  const phases = [
    {
      name: 'Understand the current code',
      tasks: [
        ...symbols.slice(0, 4).map((s) => `Read ${code(s.name)} (${s.kind})${s.callers > 0 ? ` and its ${describeCallSites(s)}` : ''}`),
        ...(symbols.length === 0 ? toChange.slice(0, 3).map((m) => `Read ${m.path} (${m.why})`) : []),
        ...(related.length > 0
          ? [
              `${toChange.length > 0 ? 'Read the related files first; they are context, not expected to change' : 'Read the candidate files first; none is certain to change'}: ${related
                .slice(0, 4)
                .map((f) => code(f.path))
                .join(', ')}`,
            ]
          : []),
      ],
      files: [...toChange, ...related].map((f) => f.path).slice(0, 4),
    },
    {
      name: input.flavour === 'refactor' ? 'Restructure in small steps' : 'Make the change',
      tasks: [
        ...existing
          .slice(0, 1)
          .map(
            (e) =>
              `${e.label} already ${/s$/.test(e.label) ? 'exist' : 'exists'} in ${e.path} (${e.proof}): build on ${/s$/.test(e.label) ? 'them' : 'it'} rather than adding a second mechanism`,
          ),
        ...toChange.map((f) => {
          const where = f.symbols.length > 0 ? ` (${f.symbols.map((n) => code(n)).join(', ')})` : '';
          return `${verb} ${f.path}${where}`;
        }),
        ...(toChange.length === 0 && files.length > 0
          ? [
              `No file is certain to change: the request names no file here and no definition that one file alone has. The best candidate is ${code(files[0]!.path)}${files.length > 1 ? ', then the other related files above' : ''}: read ${files.length > 1 ? 'them' : 'it'} first and decide where the change goes`,
            ]
          : []),
      ],
      files: toChange.map((f) => f.path),
    },
    {
      name: 'Test it',
      tasks: [
        ...toChange.map((f) => {
          const test = f.tests[0];
          if (!test) {
            const why =
              f.noTests?.sure === false ? `could not tell which test covers it: ${f.noTests.why}` : (f.noTests?.why ?? NO_TEST_FOUND);
            return `Add tests for the new behaviour of ${f.path} (${why})`;
          }
          return `Extend ${test.path} (${test.how}) for the new behaviour of ${f.path}`;
        }),
        // No file is certain: the tests are those of the best candidate, said as such (its test is known, the place is not).
        ...(toChange.length === 0 && files[0]?.tests[0] !== undefined
          ? [`If the change goes in ${files[0].path}, extend ${files[0].tests[0].path} (${files[0].tests[0].how})`]
          : []),
      ],
      files: (toChange.length > 0 ? toChange : files.slice(0, 1)).flatMap((f) => f.tests.slice(0, 1).map((t) => t.path)),
    },
  ].filter((p) => p.tasks.length > 0);

  // Callers to keep working are those of the code the plan changes: a related file is read, not changed.
  const busy = symbols.filter((s) => s.callers > 0 && toChange.some((f) => f.path === s.ref.path)).sort((a, b) => b.callers - a.callers);
  const acceptance = [
    `${input.flavour === 'refactor' ? 'Behaviour is unchanged after the restructuring' : 'The change does what was asked'}: “${escapeText(input.prompt.split('\n')[0] ?? '')}”`,
    ...toChange.slice(0, 3).map((f) => `Tests cover the changed code in ${f.path}`),
    ...busy.slice(0, 2).map((s) => `Every caller of ${code(s.name)} (${describeCallSites(s)}) still works`),
    'The existing test suite passes',
  ];
  const risks = [
    ...busy.slice(0, 3).map((s) => ({
      risk: `${code(s.name)} has ${describeCallSites(s, { inFiles: true })}`,
      mitigation: 'keep its signature, or change the callers in the same step and test them',
    })),
    ...(context.confidence === 'high'
      ? []
      : [
          {
            risk: `The evidence is ${context.confidence}-confidence (${context.confidenceReason})`,
            mitigation: 'confirm the modules above before starting',
          },
        ]),
    ...context.knownGaps
      .slice(0, 2)
      .map((g) => ({ risk: `Not examined: ${g}`, mitigation: 'read it before changing code that depends on it' })),
  ];
  // A pasted report keeps its lines for ranking; the title and goal are the request's own first line.
  const [firstLine = '', ...below] = input.prompt.split('\n');
  const pasted = below.filter((line) => line.trim() !== '').length;
  return {
    flavour: input.flavour,
    title: firstLine.length > 80 ? `${firstLine.slice(0, 77)}…` : firstLine,
    goal: pasted === 0 ? firstLine : `${firstLine} (with the ${pasted} lines pasted below it, read as part of the request)`,
    context: { modules, symbols, patterns, ...(existing.length > 0 ? { existing } : {}) },
    phases,
    acceptance,
    risks,
    modelSections: [],
    confidence: describePlanConfidence(toChange, context, related),
    gaps: context.knownGaps,
    files,
  };
}

/**
 * The symbols to read first: the code each file to change points at (most
 * certain file first, taking each file's best symbol in turn, so the second
 * file's function is not pushed out by the first file's types), then symbols
 * defined inside the rest of those files' evidence, innermost first; at each
 * level of changeWeight in turn (functions, then types, then the rest).
 */
function findPlanSymbols(input: {
  context: RepoContext;
  index: CodeIndex;
  files: FileToChange[];
  reading: PromptReading;
  texts: ReadonlyMap<string, string>;
}): PlanSymbol[] {
  const { context, index, files } = input;
  const words = input.reading.words;
  const qualified = (s: SymbolHit) => (s.scope ? `${s.scope}.${s.name}` : s.name);
  // One entry per name and file: a property's getter and setter, or overloads, are read together.
  const seen = new Set<string>();
  const picked: SymbolHit[] = [];
  const pick = (s: SymbolHit) => {
    const key = `${s.path}\0${qualified(s)}`;
    if (seen.has(key) || picked.length >= MAX_SYMBOLS) return;
    seen.add(key);
    picked.push(s);
  };
  const pointedAt = files.map((f) => {
    const defined = index.symbolsIn(f.path);
    return f.symbols.flatMap((name) => defined.filter((s) => qualified(s) === name).slice(0, 1));
  });
  const paths = new Set(files.map((f) => f.path));
  // The code the request names in the files to change: the rest of the evidence is read around it.
  const anchors = files.flatMap((f, i) => (f.role === 'change' ? pointedAt[i]! : []));
  const focus =
    anchors.length > 0
      ? focusOnNamedCode({ index, anchors, reading: input.reading, evidence: context.evidence, texts: input.texts })
      : undefined;
  const tiedBySpecificWords = tiesBySpecificWords(index, words);
  const inEvidence: SymbolHit[] = [];
  for (const e of context.evidence) {
    if (!paths.has(e.path)) continue;
    const inside = index.symbolsIn(e.path).filter((s) => s.startLine >= e.startLine && s.endLine <= e.endLine);
    const innermost = inside.filter(
      (s) => !inside.some((o) => o !== s && o.startLine >= s.startLine && o.endLine <= s.endLine && o.id !== s.id),
    );
    // Only what the request's words tie to it: a constant beside the matched lines is not what it is about. Without
    // named code, a word most files hold (Go's `error`, "returns") ties nothing: two of the specific ones must.
    const tied =
      e.source === 'definition'
        ? inside.slice(0, 1)
        : innermost.filter((s) => (focus ? isTiedToRequest(s, e, words) : tiedBySpecificWords(s, e)));
    inEvidence.push(...(focus ? tied.filter((s) => focus.keeps(s)) : tied));
  }
  // A named class's methods whose bodies hold the request's words, the likely change site first, before all else.
  for (const s of focus?.members ?? []) pick(s);
  // Each file's best symbol in turn, then the rest of the evidence's; functions and methods of every file
  // before any file's types, constants last: a constant sharing one word with the request is not the code to change.
  for (const level of [0, 1, 2]) {
    const lists = pointedAt.map((list) => list.filter((s) => changeWeight(s) === level && (focus?.keeps(s) ?? true)));
    for (let turn = 0; lists.some((list) => turn < list.length); turn++) for (const list of lists) if (list[turn]) pick(list[turn]!);
    for (const s of inEvidence) if (changeWeight(s) === level) pick(s);
  }
  return picked.map((s) => {
    // One more than counted: a symbol past the cap is said to have "200+" call sites, not exactly 200.
    const sites = index.callSites(s.id, 1, PLAN_CALLER_CAP + 1);
    const callers = sites.callers.slice(0, PLAN_CALLER_CAP);
    return {
      name: qualified(s),
      kind: s.kind,
      signature: s.signature,
      ref: { path: s.path, startLine: s.startLine, endLine: s.endLine },
      callers: callers.length,
      callerFiles: new Set(callers.map((c) => c.path)).size,
      ...(sites.callers.length > PLAN_CALLER_CAP ? { moreCallers: true } : {}),
      ...(sites.unresolved > 0 ? { untold: sites.unresolved } : {}),
    };
  });
}

/**
 * How sure the plan is of where the change goes, in words that say what was
 * and was not found: high only when a file defines what the request names
 * and the code in it was identified; low when no function was identified.
 */
export function describePlanConfidence(files: FileToChange[], context: RepoContext, related: FileToChange[] = []): string {
  if (files.length === 0 && related.length > 0)
    return `low (no file is certain to change: the request names no file here and no definition that one file alone has; the best candidate is ${related[0]!.path})`;
  if (files.length === 0)
    return 'low (no file is certain to change: the request names no file here and no definition that one file alone has)';
  const named = files.filter((f) => f.certainty === 'named');
  const withSymbols = files.filter((f) => f.symbols.length > 0);
  const found = withSymbols
    .slice(0, 2)
    .map((f) => `${f.symbols.slice(0, 2).join(', ')} in ${f.path}`)
    .join('; ');
  const missing = context.confidenceReason.startsWith(NOT_DEFINED_HERE) ? `; ${context.confidenceReason}` : '';
  if (named.length > 0 && withSymbols.length > 0) return `high (the request names code the index defines: ${found}${missing})`;
  if (withSymbols.length > 0)
    return `medium (the request's words matched ${found}; it names no function, so the exact place is inferred${missing})`;
  if (named.length > 0)
    return `medium (the request names ${named
      .slice(0, 2)
      .map((f) => f.path)
      .join(', ')}, but no function in it was identified${missing})`;
  return `low (files matched the request's words, but no function in them was identified${missing})`;
}
