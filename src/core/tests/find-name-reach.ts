import type { CodeIndex } from '../code-index/code-index.js';
import type { ImportBinding } from '../code-index/read-import-bindings.js';

/** Re-exports followed from the module a test imports: `index.ts` → `errors/index.ts` → `errors/HTTPError.ts`. */
const REEXPORT_HOPS = 2;

/** What one source file's lookups share across its tests: each module's bindings, and what each module exposes. */
export interface NameReachCache {
  bindings: Map<string, ImportBinding[]>;
  exposed: Map<string, boolean>;
  /** The names each test refers to (`referencedNames`), read once for this lookup and the test's score. */
  refs: (path: string) => Set<string>;
}

/** How a test's imports bind a source file's names. */
export interface NameReach {
  /** The file's names the test imports from another module that re-exports them (`HTTPError` from `source/index.ts`). */
  bound: string[];
  /** The module it imports them from. */
  via?: string;
  /**
   * Names the test binds from another module that does not lead to the file (`setTimeout as delay` from
   * `node:timers/promises`): the test's `delay` is not the file's.
   */
  foreign: Set<string>;
}

/**
 * Follows the names a test's imports bind to the file that defines them:
 * ky's and got's tests import `HTTPError` from `source/index.ts`, which
 * re-exports it from `source/errors/HTTPError.ts` (`export {X} from`,
 * `export * from`, or an import the entry passes on, as Python's
 * `from .globals import session` in `__init__.py`), so they use that file
 * though none imports it. A namespace import (`import flask`, `import * as
 * x`) binds every name the test then uses. JS/TS and Python only: the index
 * keeps no bound names for Go, Java or Ruby, whose imports name packages.
 */
export function findNameReach(
  test: string,
  source: string,
  options: { index: CodeIndex; defined: Set<string>; cache: NameReachCache },
): NameReach {
  const { index, defined, cache } = options;
  const { bindings: cachedBindings, exposed } = cache;
  const bindingsOf = (path: string) => {
    let found = cachedBindings.get(path);
    if (!found) cachedBindings.set(path, (found = index.importBindings(path)));
    return found;
  };
  const exposesOnce = (module: string, name: string): boolean => {
    const key = `${module}\0${name}`;
    let found = exposed.get(key);
    if (found === undefined) exposed.set(key, (found = exposes(module, name, REEXPORT_HOPS, new Set())));
    return found;
  };
  /** Whether `module` exposes `name` from the source file: defines it (the source itself), or passes it on. */
  const exposes = (module: string, name: string, hops: number, seen: Set<string>): boolean => {
    if (module === source) return name === 'default' || defined.has(name);
    if (hops === 0 || seen.has(module)) return false;
    seen.add(module);
    for (const b of bindingsOf(module)) {
      for (const n of b.names) {
        // `export * from './x'` passes every name on; `import * as x` binds one namespace, no name of its own.
        const passed = n.local === '*' ? name : n.local === name ? n.name : undefined;
        if (passed === undefined || passed === '*') continue;
        if (b.targets.some((t) => exposes(t, passed, hops - 1, seen))) return true;
      }
    }
    return false;
  };
  const bound = new Set<string>();
  const foreign = new Set<string>();
  let via: string | undefined;
  let usedHere: string[] | undefined;
  for (const b of bindingsOf(test)) {
    for (const n of b.names) {
      // A namespace binds what the test uses of it: `flask.session`, `ns.HTTPError`. A name the file does not define
      // under either spelling is another file's (not followed: most of a test's imports, never resolved).
      const names =
        n.name === '*'
          ? (usedHere ??= [...defined].filter((d) => cache.refs(test).has(d)))
          : defined.has(n.name) || defined.has(n.local)
            ? [n.name]
            : [];
      for (const name of names) {
        const reaching = b.targets.find((t) => exposesOnce(t, name));
        if (reaching === undefined) {
          if (n.name !== '*') foreign.add(n.local);
        } else if (reaching !== source && name !== 'default') {
          bound.add(name);
          via ??= reaching;
        }
      }
    }
  }
  return { bound: [...bound], via, foreign };
}
