/** The base of the end-to-end review: a small TypeScript service with a call chain into splitHeaders. */
export const BASE_FILES: Record<string, string | Uint8Array> = {
  'src/http/headers.ts': [
    'export function splitHeaders(head: string): Record<string, string> {',
    "  return Object.fromEntries(head.split('\\n').map((l) => l.split(': ')));",
    '}',
    '',
  ].join('\n'),
  'src/http/parse-http-request.ts': [
    "import { splitHeaders } from './headers.js';",
    '',
    'export function parseHttpRequest(raw: string) {',
    "  const [head] = raw.split('\\r\\n\\r\\n');",
    "  return { headers: splitHeaders(head ?? '') };",
    '}',
    '',
  ].join('\n'),
  'src/server.ts': [
    "import { parseHttpRequest } from './http/parse-http-request.js';",
    '',
    'export class Server {',
    '  handle(raw: string) {',
    '    return parseHttpRequest(raw);',
    '  }',
    '}',
    '',
  ].join('\n'),
  'test/http/headers.test.ts': ["import { splitHeaders } from '../../src/http/headers.js';", "splitHeaders('a: b');", ''].join('\n'),
  'src/legacy.ts': 'export function legacy() {\n  return 1;\n}\n',
  'src/old-name.ts': 'export const moved = true;\n',
  'assets/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]),
  'package-lock.json': '{\n  "lockfileVersion": 3\n}\n',
};

/** The head: splitHeaders changes, a plugin runner that evals arrives, and the usual renames and deletions. */
export const HEAD_CHANGES = {
  write: {
    'src/http/headers.ts': [
      'export function splitHeaders(head: string): Record<string, string> {',
      "  if (head == '') return {};",
      "  return Object.fromEntries(head.split('\\n').map((l) => l.split(': ')));",
      '}',
      '',
    ].join('\n'),
    'test/http/headers.test.ts': [
      "import { splitHeaders } from '../../src/http/headers.js';",
      "splitHeaders('a: b');",
      "splitHeaders('');",
      '',
    ].join('\n'),
    'src/plugins/run-script.ts': [
      '/** Runs a plugin script. */',
      'export function runScript(code: string): unknown {',
      '  debugger;',
      '  return eval(code);',
      '}',
      '',
      'export function runTwice(code: string): unknown {',
      '  debugger;',
      '  return [runScript(code), runScript(code)];',
      '}',
      '',
    ].join('\n'),
    'assets/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 9, 9, 9]),
    'package-lock.json': '{\n  "lockfileVersion": 3,\n  "packages": {}\n}\n',
  },
  remove: ['src/legacy.ts'],
  rename: { 'src/old-name.ts': 'src/new-name.ts' },
};
