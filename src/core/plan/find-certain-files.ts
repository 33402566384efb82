import escapeStringRegexp from 'escape-string-regexp';
import type { CodeIndex } from '../code-index/code-index.js';
import { splitIdentifier } from '../code-index/identifier-terms.js';
import type { SymbolHit } from '../code-index/graph-queries.js';
import { readPrompt } from '../explore/read-prompt.js';
import { classifyFile } from '../repo/classify-file.js';
import { findNamedFiles } from '../explore/read-named-paths.js';
import { findHandedTo } from './find-handed-to.js';

/** A file the request names, so near certainly the one to change, and the names that tie it to the request. */
export interface CertainFile {
  path: string;
  /** The definitions the request names in it (`Scope.name`), in the request's order; none for a named path. */
  names: string[];
  /** How the request names it, in words a reader can check. */
  why: string;
}

/** Definitions looked at per name: a name defined in more files than this is not one file's anyway. */
const DEFINITION_LIMIT = 20;
/**
 * A plain word names a type only: a capitalised word that is not the subject's first (`Session`; `Update` is a
 * verb). Words in a row are not read as a name: "HTTP error handler" spelled `HTTPError` in one file and
 * `HTTPErrorHandler` in another, and "help option names" the `help_option` decorator, neither the changed code.
 */
const TYPE_KIND = /class|struct|interface|trait|type|enum/;
/** A name used as an adjective (`__getattr__`-based wrappers) describes the change; it is not where it goes. */
const MODIFIER_AFTER = /^[`'"]?-(based|like|style|compatible|aware|specific|only)\b/;
/**
 * A name before a word that makes it an option or a value ("numeric `retry` limit", "the `timeout` option") names
 * a member of what holds the options, not a function of that name: ky's `retry()` function was not where a
 * `retry` limit was dropped; got's "`strictContentLength` option" is the `Options` accessor. A function's
 * "parameters" or "arguments" are its own (align `Session.send` parameters with …).
 */
const OPTION_AFTER = /^[`'"]?\s+(options?|settings?|flags?|keys?|limits?|values?)\b/i;
/** A name after "with" or "like" is what the change is compared with or uses (align `Session.get` with `requests.get`). */
const COMPARED_WITH = /\b(with|like|than)\s+[`'"]?$/i;
/**
 * An error type is raised where the behaviour is (got's "Fix false `ReadError` on responses without
 * `Content-Length`" went to the code that throws it; urllib3's "`urlopen` raising `FullPoolError`" to `urlopen`):
 * it names the file that defines it only when the change is to it ("add `code` to `ReadError`").
 */
const ERROR_TYPE = /(Error|Exception|Warning)$/;
const CHANGES_IT = /\b(to|into|of)\s+(the\s+)?[`'"]?$/i;
/** "instead of `ReadError`", "in case of `TimeoutError`": an "of" that does not make the type the thing changed. */
const NOT_ITS_OWN = /\b(instead|case|because|kinds?|instances?|subclass(es)?|types?|place)\s+of\s+(the\s+)?[`'"]?$/i;
/** Words of a change to a declaration itself: its type, annotation or documentation. */
const DECLARATION = /\b(types?|typing|typed|annotat\w*|docstrings?|docs?|documentation|comments?|renamed?|deprecated?)\b/i;
/** Verbs that bring a new name in: when the request adds one the tree does not define, the names beside it are context. */
const ADDS = /^\s*(?:[a-z]+(?:\([\w-]+\))?!?:\s*)?(add(s|ed)?|introduce[sd]?|create[sd]?|implement(s|ed)?|support(s|ed)?|new)\b/i;
/** Where a new name goes: "add `retry` to `Client`", "… in `Session`". */
const INTO = /\b(to|into|in|on)\s+(the\s+)?[`'"]?$/i;
/** A request about the docs or examples (commander's "Update README and examples for allowExcessArguments change"). */
const ABOUT_DOCS = /\b(readme|examples?|changelog)\b/i;
/** Verbs that change a name's existing uses: where a library function the repository does not define is used is the change. */
const CHANGES_USES = /\b(replace[sd]?|remov(e|es|ed|ing)|drop(s|ped)?|deprecate[sd]?|rename[sd]?|avoid|stop|defer(s|red)?|migrate[sd]?)\b/i;

/**
 * The files a plan can list under "Make the change" because the request
 * names them, so a contributor is near certain to change them; every other
 * file is a candidate to read. Measured on real commits (the subject as the
 * request, bench/eval/measure-plan-files.ts), a file the request's words only
 * matched was the changed one about two times in three: a caller, a neighbour
 * or a file of the same name changed instead. A file is named when the
 * request:
 *
 * - spells its path, and exactly one file of the repository has that path
 *   (`server.js` in a tree with six is none of them);
 * - names a definition (`res.send`, `Request.hooks`, `buildURL`, a type
 *   written as a word, `Session`) that exactly one changeable file defines,
 *   unless the name only describes the change (`__getattr__`-based), is a
 *   field or constant named beside a function or type (an option the change
 *   involves) or read in another file (its behaviour is there), is an error
 *   type (raised elsewhere, unless the change is "to" it), stands beside a
 *   new name the request adds (context, unless the new name goes "to"/"in"
 *   it), or is a member of a library module the tree imports (`os.Args`);
 * - has a conventional commit scope (`fix(recovery): …`) that one file's name
 *   is, and no folder's (`fix(middleware)` names a package);
 * - asks to replace, remove or defer a name the repository does not define
 *   (`trimRight()`, `AsyncLocalStorage`) that exactly one changeable file uses.
 */
export function findCertainFiles(input: {
  prompt: string;
  index: CodeIndex;
  /** Whether a change can land in the file (product code, its config or declarations). */
  isChangeable: (path: string) => boolean;
}): CertainFile[] {
  const { prompt, index, isChangeable } = input;
  const reading = readPrompt(prompt);
  const identifierWords = new Set(reading.identifiers.flatMap((id) => splitIdentifier(id).map((w) => w.toLowerCase())));
  const out: CertainFile[] = [];
  const add = (path: string, name: string | undefined, why: string) => {
    const found = out.find((f) => f.path === path);
    if (!found) out.push({ path, names: name ? [name] : [], why });
    else if (name && !found.names.includes(name)) found.names.push(name);
  };
  const allPaths = index.listFiles().map((f) => f.path);
  for (const named of reading.paths) {
    const matches = [...findNamedFiles([named], allPaths)];
    if (matches.length === 1) add(matches[0]!, undefined, `the request names ${named}`);
  }
  // A conventional commit's scope, `fix(recovery): …`, names the component: the one file of that name.
  const scope = /^\s*[a-z]+\(([\w-]+)\)!?:/i.exec(prompt)?.[1]?.toLowerCase();
  if (scope) {
    const stem = (p: string) =>
      p
        .slice(p.lastIndexOf('/') + 1)
        .replace(/\.[^.]+$/, '')
        .toLowerCase();
    const matches = allPaths.filter((p) => stem(p) === scope && isChangeable(p));
    // `fix(middleware): …` in a tree with a middleware/ folder names the package, not middleware/middleware.go.
    const folder = allPaths.some((p) => `/${p.toLowerCase()}`.includes(`/${scope}/`));
    if (matches.length === 1 && !folder) add(matches[0]!, undefined, `the request's scope names it (${scope})`);
  }
  // Read only when a dotted name needs it (every import row of the tree).
  let externals: Set<string> | undefined;
  const readExternals = () => (externals ??= externalModules(index, allPaths));
  const resolved = namedDefinitions(prompt, reading.identifiers).map((n) => ({
    ...n,
    // An option is a member of what holds the options (got's `Options.strictContentLength`), not a function of its name.
    defs: preferImplementations(
      index,
      definitionsOf(index, n.name, n.types, readExternals).filter((d) => isChangeable(d.path) && (!n.option || d.scope !== '')),
      DECLARATION.test(prompt) || ABOUT_DOCS.test(prompt),
    ),
  }));
  // "Add StructTypeAdapter for … JsonObject conversion": a new name (defined nowhere) is the change; a name beside it
  // is what it works with, unless the request puts the new name into it ("add `retry` to `Client`").
  const adding = ADDS.test(prompt) && resolved.some((r) => r.types.code && r.at >= 0 && index.findDefinitions(r.name, 1).length === 0);
  // A function, method or type the request names is what it is about; a field or constant it also names is
  // an option or a value the change involves (`findCaseInsensitivePathRec` with `RedirectFixedPath`).
  const callable = (d: SymbolHit) => /function|method|constructor|class|struct|interface|trait|type|enum/.test(d.kind);
  const namesCode = resolved.some((r) => r.defs.some(callable));
  // Skipped only beside another name the request resolves to one file: "a crash with `Foo.bar`" alone is about it.
  const namesTarget = resolved.some((r) => !r.compared && new Set(r.defs.map((d) => d.path)).size === 1);
  for (const { name, types, defs, compared, at } of resolved) {
    const files = new Set(defs.map((d) => d.path));
    if (files.size === 1) {
      if ((namesCode && !defs.some(callable)) || (compared && namesTarget)) continue;
      const before = at > 0 ? prompt.slice(0, at) : '';
      const bare = name.slice(name.lastIndexOf('.') + 1);
      // Its constructors (Java's are methods of the type named like it) are the type too.
      const isType = (d: SymbolHit) => TYPE_KIND.test(d.kind) || /constructor/.test(d.kind) || d.scope === bare;
      if (ERROR_TYPE.test(bare) && defs.every(isType) && (!CHANGES_IT.test(before) || NOT_ITS_OWN.test(before))) continue;
      if (adding && !INTO.test(before)) continue;
      // An interface declares what others do: "ability to override RouteGroupInterface" changes the code that makes
      // one (Slim's RouteCollector), unless the change goes into the interface or is about its declaration.
      const isInterface = (d: SymbolHit) => /interface|trait|protocol/.test(d.kind);
      if (defs.every(isInterface) && !INTO.test(before) && !CHANGES_IT.test(before) && !DECLARATION.test(prompt)) continue;
      // A field or constant named alone: its behaviour is where it is read (flask's `provide_automatic_options`, a class
      // attribute `add_url_rule` reads with getattr), so its own file is certain only when no other file mentions it,
      // or when the request is about its declaration (httpx's "Fix `extensions` type annotation"; `Request.hooks`).
      const declaration = name.includes('.') || DECLARATION.test(prompt);
      if (!defs.some(callable) && !declaration && isReadElsewhere(index, bare, [...files][0]!, isChangeable)) continue;
      const def = defs[0]!;
      // A function that hands the behaviour the request's other words name to a function of another file
      // (`extend()` "dropping … when merging" calls `validateAndMerge` in `utils/merge.ts`): that file is the change.
      const otherWords = reading.words.filter((w) => !identifierWords.has(w));
      const handed = callable(def) ? findHandedTo({ index, definition: def, words: otherWords, isChangeable }) : undefined;
      if (handed) {
        add(
          handed.path,
          handed.scope ? `${handed.scope}.${handed.name}` : handed.name,
          `the request names ${name}, which hands this to ${handed.name}, defined only here`,
        );
        continue;
      }
      add(def.path, def.scope ? `${def.scope}.${def.name}` : def.name, `the request names ${name}, defined only here`);
      continue;
    }
    if (files.size > 0 || !types.code || !CHANGES_USES.test(prompt)) continue;
    // Not defined here (a library's name): the one file that uses it is where a replacement goes.
    if (index.findDefinitions(name, 1).length > 0) continue;
    const bare = name.slice(name.lastIndexOf('.') + 1);
    const users = new Set(
      index
        .findReferences(bare, 200)
        .filter((r) => r.kind !== 'import' && isChangeable(r.path))
        .map((r) => r.path),
    );
    if (users.size === 1) add([...users][0]!, undefined, `the request names ${name}, used only here`);
  }
  return out;
}

interface NameKinds {
  /** Written as code (camelCase, snake_case, dotted, backticked): any definition counts. */
  code: boolean;
  /** The kinds a definition must have: a word names a type, words a type or a function. */
  kinds?: RegExp;
}

interface NamedDefinition {
  name: string;
  types: NameKinds;
  compared: boolean;
  at: number;
  /** Written as an option or a value ("`retry` limit"): what the change sets, not where it goes. */
  option: boolean;
}

/** The names the request spells, with what each may name. */
function namedDefinitions(prompt: string, identifiers: string[]): NamedDefinition[] {
  const out: NamedDefinition[] = [];
  for (const id of identifiers) {
    // Where it is written as a whole name (`Session` is not the start of an earlier `SessionRedirectMixin`).
    const at = findWholeName(prompt, id);
    const after = at >= 0 ? prompt.slice(at + id.length) : '';
    if (MODIFIER_AFTER.test(after)) continue;
    out.push({
      name: id,
      types: { code: true },
      compared: at > 0 && COMPARED_WITH.test(prompt.slice(0, at)),
      at,
      option: OPTION_AFTER.test(after),
    });
  }
  // Plain words only: a word inside code (`pathlib.Path`), a call (`Route()`) or a path is not a type's name.
  const tokens = prompt
    .replace(/`[^`]*`/g, ' , ')
    .split(/\s+/)
    .filter((t) => t !== '');
  // The subject's first word is its verb ("Update", "Revert"), never a type.
  for (const token of tokens.slice(1)) {
    const word = token.replace(/[,.;:!?]+$/, '');
    if (/^[A-Z][a-z][a-z0-9]{2,}$/.test(word) && !out.some((o) => o.name === word))
      out.push({
        name: word,
        types: { code: false, kinds: TYPE_KIND },
        compared: false,
        at: prompt.search(new RegExp(`\\b${word}\\b`)),
        option: false,
      });
  }
  return out;
}

/**
 * The definitions a name can mean. `Scope.name`: those in that scope, or assigned to it (`res.send = function`);
 * else, with a receiver the index cannot type (`c.Next`), every member of that name. A name spelled in words
 * matches any case and underscores (`blob_fetcher`), but only the kinds it can name.
 */
function definitionsOf(index: CodeIndex, name: string, types: NameKinds, externals: () => Set<string>): SymbolHit[] {
  if (types.code) {
    const dot = name.lastIndexOf('.');
    const bare = name.slice(dot + 1);
    const defs = index.findDefinitions(name, DEFINITION_LIMIT).filter((d) => d.name === bare);
    if (dot < 0) {
      // A function local to another (commander's `stripColor: (str) => stripColor(str)` inside `Command`'s
      // constructor) is not the `stripColor` a request names while one is defined at a file's or a class's level.
      const outer = defs.filter((d) => !isLocal(index, d));
      return outer.length > 0 ? outer : defs;
    }
    const scope = name.slice(0, dot);
    const receiver = scope.slice(scope.lastIndexOf('.') + 1);
    const modulePath = `/${scope.replaceAll('.', '/')}/`;
    const strong = defs.filter(
      (d) =>
        // `click.prompt`: a top-level definition in the package the scope names (`src/click/termui.py`).
        (d.scope === '' && `/${d.path}`.slice(0, `/${d.path}`.lastIndexOf('/') + 1).endsWith(modulePath)) ||
        d.scope === scope ||
        d.scope.endsWith(`.${scope}`) ||
        d.scope.toLowerCase() === receiver.toLowerCase() ||
        d.signature.startsWith(`${scope}.${bare}`) ||
        d.signature.startsWith(`${scope}.prototype.${bare}`),
    );
    if (strong.length > 0) return strong;
    // `response.attachment`: the receiver is the module, the file of that name.
    const inModule = index
      .findDefinitions(bare, DEFINITION_LIMIT)
      .filter((d) => d.name === bare && d.path.slice(d.path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '') === receiver.toLowerCase());
    if (inModule.length > 0) return inModule;
    // `os.Args`: a module the tree imports and does not have is a library's; its member is not `Command.Args`.
    if (externals().has(scope.split('.')[0]!)) return [];
    return defs.filter((d) => d.scope !== '');
  }
  const key = name.toLowerCase();
  const variants = [name, toSnake(name), name[0]!.toLowerCase() + name.slice(1)];
  const defs = variants.flatMap((v) => index.findDefinitions(v, DEFINITION_LIMIT));
  const seen = new Set<number>();
  return defs.filter((d) => {
    if (seen.has(d.id) || d.name.replaceAll('_', '').toLowerCase() !== key || !types.kinds?.test(d.kind)) return false;
    seen.add(d.id);
    return true;
  });
}

/**
 * A function an implementation defines and a declaration file declares again (commander's `stripColor` in
 * lib/help.js and typings/index.d.ts) is the implementation's: the declaration follows it. Both, when the request is
 * about types, the docs or the examples, or the name is a class's or a type's.
 */
function preferImplementations(index: CodeIndex, defs: SymbolHit[], aboutTypes: boolean): SymbolHit[] {
  if (aboutTypes) return defs;
  const declares = (d: SymbolHit) => {
    const file = index.getFile(d.path);
    return file !== undefined && classifyFile(d.path, file).kind === 'declaration';
  };
  const implementations = defs.filter((d) => !declares(d));
  // A class or type declared again is what a request to add to it may mean either copy of (commander's "add
  // parseArg to Argument class" changed typings/index.d.ts): only a function's implementation is the one to change.
  if (implementations.length === 0 || !implementations.every((d) => /function|method/.test(d.kind))) return defs;
  return implementations;
}

/** Whether a definition sits inside a function or method of its file (its scope names one). */
function isLocal(index: CodeIndex, d: SymbolHit): boolean {
  if (d.scope === '') return false;
  return index
    .symbolsIn(d.path)
    .some((s) => /function|method|constructor/.test(s.kind) && (s.scope ? `${s.scope}.${s.name}` : s.name) === d.scope);
}

/**
 * The names the tree imports modules by that are not its own (`os`, `filepath`, `fs`): an import source's last
 * segment that is no folder's or file's name in the tree.
 */
function externalModules(index: CodeIndex, allPaths: string[]): Set<string> {
  const own = new Set(
    allPaths.flatMap((p) =>
      p
        .toLowerCase()
        .replace(/\.[^./]+$/, '')
        .split('/'),
    ),
  );
  const out = new Set<string>();
  for (const { source } of index.importSources(allPaths)) {
    const last = source.split(/[/:]/).at(-1)!;
    if (/^[A-Za-z_]\w*$/.test(last) && !own.has(last.toLowerCase())) out.add(last);
  }
  return out;
}

/** Whether a changeable file other than the definition's refers to the name or has it in its code. */
function isReadElsewhere(index: CodeIndex, name: string, home: string, isChangeable: (path: string) => boolean): boolean {
  const other = (p: string) => p !== home && isChangeable(p);
  if (index.findReferences(name, 200).some((r) => r.kind !== 'import' && other(r.path))) return true;
  return index.search(name, { limit: 50, phrase: true }).some((h) => other(h.path));
}

/** The first place the text has the name whole (not inside a longer name), else its first place as a substring. */
function findWholeName(text: string, name: string): number {
  const escaped = escapeStringRegexp(name);
  const at = text.search(new RegExp(`(?<![\\w$.])${escaped}(?![\\w$])`));
  return at >= 0 ? at : text.indexOf(name);
}

const toSnake = (pascal: string) => pascal.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase();
