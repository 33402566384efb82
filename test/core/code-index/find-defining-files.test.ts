import { describe, expect, it } from 'vitest';
import { definesKey, findDefiningFiles } from '../../../src/core/code-index/find-defining-files.js';
import { makeTempRepo } from '../../helpers/temp-repo.js';

describe('findDefiningFiles', () => {
  const files: Record<string, string> = {
    'ask.py': 'def ask(proposition):\n    return proposition\n',
    'inference.py': 'class KB:\n    async def ask(self, query):\n        return query\n',
    'kb.go': 'package kb\n\nfunc (k *KB) Ask(q string) bool { return true }\n',
    'client.ts': 'export class Client {\n  ask(question: string): string {\n    return question;\n  }\n}\n',
    'uses.py': 'from ask import ask\n\nprint(ask(1))  # def ask is elsewhere\n',
    'task.py': 'def task(x):\n    return x\n',
  };
  const root = makeTempRepo(files);
  const matched = (name: string) =>
    new Map([[name, new Set(Object.keys(files).filter((f) => files[f]!.toLowerCase().includes(name.toLowerCase())))]]);

  it('finds the files that declare a name: a function, a method, a Go method with its receiver, a class method', () => {
    expect([...findDefiningFiles(root, ['ask'], matched('ask')).get(definesKey('ask'))!].sort()).toEqual([
      'ask.py',
      'client.ts',
      'inference.py',
    ]);
    expect([...findDefiningFiles(root, ['Ask'], matched('Ask')).get(definesKey('Ask'))!]).toEqual(['kb.go']);
  });

  it('leaves out a name the scan did not finish and a dotted name, which its parts stand for', () => {
    expect(findDefiningFiles(root, ['KB.ask', 'missing'], matched('ask'))).toEqual(new Map());
  });
});
