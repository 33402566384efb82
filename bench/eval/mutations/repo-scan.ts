import { findDefinitions, type FunctionDefinition } from './find-definitions.js';
import type { SourceFile } from './source-file.js';

/**
 * How one file reaches a definition: the names it calls it by and the lines
 * that import those names, and the namespaces (`ns.f`, `pkg.F`, `module.f`)
 * it reaches it through, with the line of that import (a use only when the
 * file names the member).
 */
export interface Binding {
  names: string[];
  qualified: Array<{ qualifier: string; member: string; line: number }>;
  importLines: number[];
}

/** The files of one language at a commit, their top-level functions, and each language's import rules (bindings-*.ts). */
export class RepoScan {
  readonly byPath = new Map<string, SourceFile>();
  readonly definitions = new Map<string, FunctionDefinition[]>();
  private readonly cache = new Map<string, unknown>();

  constructor(readonly files: SourceFile[]) {
    for (const f of files) {
      this.byPath.set(f.path, f);
      this.definitions.set(f.path, findDefinitions(f));
    }
  }

  /** The one top-level function `name` of `path` (undefined when there is none, or more than one: overloads). */
  findDefinition(path: string, name: string): FunctionDefinition | undefined {
    const defs = (this.definitions.get(path) ?? []).filter((d) => d.name === name);
    return defs.length === 1 ? defs[0] : undefined;
  }

  /** A value computed once per key (parsed imports, package names). */
  memo<T>(key: string, make: () => T): T {
    if (!this.cache.has(key)) this.cache.set(key, make());
    return this.cache.get(key) as T;
  }
}
