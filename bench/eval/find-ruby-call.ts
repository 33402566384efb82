/** Ruby sources: the one language the audit reads where a call may go without parentheses. */
export const RUBY_FILE = /\.(rb|rake|gemspec|ru)$|(^|\/)(Gemfile|Rakefile)$/;

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A call of `name` on a Ruby line, with or without parentheses (`register
 * Sinatra::Namespace`, `setup_host_authorization builder`, `static! if …`,
 * `Delegator.delegate :config_file`, `cleanup(path)`), and its receiver when
 * it has one. Not a call: the name in a comment or a string, a definition
 * (`def name`, `def self.name`), a symbol (`:name`), a hash key (`name:`), an
 * assignment (`name = …`), or a bare word that is a local variable of the
 * enclosing method (assigned there, or one of its or a block's parameters).
 */
export function findRubyCall(lines: string[], line: number, name: string): { receiver: string | undefined } | undefined {
  const code = rubyCode(lines[line - 1] ?? '');
  // `static` is not `static?` or `static!`; `name != x` is still `name`.
  const word = new RegExp(`(?<![\\w$@])${escape(name)}(?!\\w|[?!](?!=)|\\s*=(?![=~>])|:(?!:))`, 'g');
  for (const m of code.matchAll(word)) {
    const before = code.slice(0, m.index);
    if (/\bdef\s+(?:self\s*\.\s*)?$/.test(before) || /(?<!:):$/.test(before)) continue;
    const receiver = /((?:[\w$]+\s*(?:\.|::)\s*)*[\w$]+)\s*(?:&?\.|::)\s*$/.exec(before)?.[1]?.replace(/\s+/g, '').replaceAll('::', '.');
    if (receiver) return { receiver };
    if (/[.:]\s*$/.test(before)) continue;
    // `uri(uri.to_s)` calls the method `uri` beside a local variable of that name; a bare `uri` reads the variable.
    const parenthesised = code[m.index + m[0].length] === '(';
    if (!parenthesised && !/[?!]$/.test(name) && isLocalVariable(lines, line, name)) continue;
    return { receiver: undefined };
  }
  return undefined;
}

/** Whether a bare word is a local variable where the line is: assigned above it in its method, or a parameter of the method or of a block. */
function isLocalVariable(lines: string[], line: number, name: string): boolean {
  const n = escape(name);
  const indent = (l: string) => /^\s*/.exec(l)![0].length;
  const own = indent(lines[line - 1] ?? '');
  const assigned = new RegExp(`(?<![\\w$@.:])${n}\\s*(?:\\|\\|)?=(?![=~>])|(?<![\\w$@.:])${n}\\s*,[^=]*=(?![=~>])`);
  const parameter = new RegExp(`\\|[^|]*(?<![\\w$@])${n}(?!\\w)[^|]*\\|`);
  for (let i = line - 1; i >= 0; i--) {
    const l = rubyCode(lines[i] ?? '');
    if (i < line - 1 && assigned.test(l)) return true;
    // A block's parameters: on a line that opens the block (less indented), or on the line itself (`{ |x| … }`).
    if ((i === line - 1 || indent(l) < own) && parameter.test(l)) return true;
    const def = /^\s*def\s+(?:self\s*\.\s*)?[\w?!=]+\s*\(?(.*)$/.exec(l);
    if (def && indent(l) < own) return new RegExp(`(?<![\\w$@])\\*{0,2}&?${n}(?!\\w)`).test(def[1]!);
  }
  return false;
}

/**
 * A line's code: a comment dropped, a string's text blanked (its quotes kept), except what a double-quoted
 * string interpolates (`"#{name x}"` calls `name`).
 */
export function rubyCode(line: string): string {
  let out = '';
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote === undefined) {
      if (c === '#') break;
      if (c === '"' || c === "'" || c === '`') quote = c;
      out += c;
      continue;
    }
    if (c === '\\') {
      out += '  ';
      i++;
      continue;
    }
    if (c === quote) {
      quote = undefined;
      out += c;
      continue;
    }
    if (quote !== "'" && c === '#' && line[i + 1] === '{') {
      const end = line.indexOf('}', i);
      const inner = end < 0 ? line.slice(i + 2) : line.slice(i + 2, end);
      out += `  ${rubyCode(inner)} `;
      i = end < 0 ? line.length : end;
      continue;
    }
    out += ' ';
  }
  return out;
}
