import { describe, expect, it } from 'vitest';
import { changedDefinitionNames } from '../../../bench/eval/read-changed-definitions.js';

// commander.js 373f660f: a line of `Command`'s constructor and one of `Help.displayWidth` changed;
// tests/imports.test.mjs runs the constructor as `new Command('name')`.
const JS = [
  'export class Command extends EventEmitter {',
  '  constructor(name) {',
  '    super();',
  '    this._outputConfiguration = {',
  '      stripColor: (str) => stripVTControlCharacters(str),',
  '    };',
  '    if (name) {',
  '      this._name = name;',
  '    }',
  '  }',
  '',
  '  static async displayWidth(str) {',
  '    return stripVTControlCharacters(str).length;',
  '  }',
  '}',
];
const PY = [
  'class Signer:',
  '    def __init__(self, secret_key):',
  '        self.secret_key = secret_key',
  '',
  '    def sign(self, value):',
  '        return value',
];

describe("the claims audit's changed definitions", () => {
  it("reads a JS class's methods, and a constructor's change as its class (the name `new` calls)", () => {
    expect(changedDefinitionNames(JS, [5, 13])).toEqual(['Command', 'displayWidth']);
    // A statement inside a method is no definition: the change at line 8 is the constructor's.
    expect(changedDefinitionNames(JS, [8])).toEqual(['Command']);
  });

  it("reads Python's __init__ as its class", () => {
    expect(changedDefinitionNames(PY, [3])).toEqual(['Signer']);
    expect(changedDefinitionNames(PY, [6])).toEqual(['sign']);
  });
});
