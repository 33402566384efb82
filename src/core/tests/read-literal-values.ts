/** A string literal found as a property's value (or an element of its array), with the keys leading to it. */
export interface LiteralValue {
  keys: string[];
  value: string;
}

/** The literal strings in a JS config, and the keys whose value was something else (a variable, a call, a template). */
export interface LiteralValues {
  values: LiteralValue[];
  /** Key paths (joined with `.`) holding a value that is not a literal: what they hold cannot be known without running the file. */
  dynamic: Set<string>;
}

const TOKEN =
  /\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.|\$(?!\{))*`|`|[A-Za-z_$][\w$]*|\d[\w.]*|\.\.\.|[{}[\]():,;=?!<>+\-*/%&|^~.@#]/y;

/**
 * Reads a JavaScript or TypeScript config file (jest.config.js,
 * vitest.config.ts, karma.conf.cjs) as text, never running it: every string
 * literal that is the value of a property, or an element of an array that
 * is, with the chain of object keys above it (`test.include`,
 * `files.pattern`). A value that is anything else (a name, a call, a
 * template with `${}`) marks its key as dynamic, so a caller can tell a
 * list it read whole from one it could not.
 */
export function readLiteralValues(text: string): LiteralValues {
  const values: LiteralValue[] = [];
  const dynamic = new Set<string>();
  // The stack of open brackets: an object carries the key being read, an array the key it is the value of.
  const stack: { kind: '{' | '[' | '('; key: string | undefined }[] = [];
  let pendingKey: string | undefined;
  let afterColon = false;
  let last = '';
  const keys = () => stack.map((s) => s.key).filter((k): k is string => k !== undefined);
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) {
      TOKEN.lastIndex = at + 1;
      continue;
    }
    const token = match[0];
    if (/^(\s|\/\/|\/\*)/.test(token)) continue;
    const top = stack[stack.length - 1];
    const inValue = afterColon || top?.kind === '[';
    const valueKeys = afterColon && pendingKey !== undefined ? [...keys(), pendingKey] : keys();
    if (token === '{' || token === '[' || token === '(') {
      stack.push({ kind: token, key: afterColon ? pendingKey : top?.kind === '[' ? undefined : undefined });
      if (token === '(' && inValue && valueKeys.length > 0) dynamic.add(valueKeys.join('.'));
      afterColon = false;
      pendingKey = undefined;
    } else if (token === '}' || token === ']' || token === ')') {
      stack.pop();
      afterColon = false;
    } else if (token === ':' && top?.kind === '{' && pendingKey !== undefined) {
      afterColon = true;
    } else if (token === ',') {
      afterColon = false;
      pendingKey = undefined;
    } else if (/^['"]/.test(token) || (token.startsWith('`') && token.length > 1)) {
      const value = unquote(token);
      if (top?.kind === '{' && !afterColon) pendingKey = value;
      else if (inValue && valueKeys.length > 0) values.push({ keys: valueKeys, value });
    } else if (/^[A-Za-z_$]/.test(token)) {
      if (top?.kind === '{' && !afterColon && last !== '.') pendingKey = token;
      else if (inValue && valueKeys.length > 0 && !/^(true|false|null|undefined)$/.test(token)) dynamic.add(valueKeys.join('.'));
    } else if ((token === '`' || token === '...') && inValue && valueKeys.length > 0) {
      dynamic.add(valueKeys.join('.'));
    }
    last = token;
  }
  return { values, dynamic };
}

function unquote(token: string): string {
  return token.slice(1, -1).replace(/\\(.)/g, '$1');
}
