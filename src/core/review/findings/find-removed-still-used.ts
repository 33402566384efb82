import escapeStringRegexp from 'escape-string-regexp';
import { findLanguage, type LanguageId } from '../../code-index/languages.js';
import { parseFile } from '../../code-index/parse-file.js';
import { isTestFile } from '../../repo/is-test-file.js';
import { code } from '../../render/markdown.js';
import { reconstructBase } from '../reconstruct-base.js';
import { findVisibility } from '../symbol-visibility.js';
import { findNameUses, type RemovedName } from './find-name-uses.js';
import { findPackageMemberUses } from './find-package-member-uses.js';
import type { FindingContext, ReviewFinding } from './review-finding.js';

const RULE = 'removed-still-used';
/** Kinds other files import or name: a method is reached through its class's receiver, which this rule does not follow. */
const TOP_LEVEL = new Set(['function', 'class', 'interface', 'type', 'enum', 'struct', 'trait', 'constant']);
const LANGUAGES = new Set<LanguageId>(['javascript', 'typescript', 'tsx', 'python', 'go']);

/**
 * A top-level definition the change removed, renamed or stopped exporting
 * (or a deleted file's), still imported or named elsewhere in the head: an
 * import of it from that file (JavaScript, TypeScript, Python), `pkg.Name`
 * in a Go package that imports it or `Name` in its own package. Silent when
 * the file still mentions the name (an alias, a re-export, a shim), when
 * the using file or its package defines the name itself (unless that is the
 * fallback of a guarded Python import: a warning), and for guarded imports
 * of deleted files.
 */
export async function findRemovedStillUsed(context: FindingContext): Promise<ReviewFinding[]> {
  const found: ReviewFinding[] = [];
  const seen = new Map<string, ReviewFinding>();
  for (const removed of await findRemovedNames(context)) {
    const direct = await findNameUses(context, removed);
    const throughPackage = (await findPackageMemberUses(context, removed)).filter((u) => !direct.some((d) => d.path === u.path));
    for (const use of [...direct, ...throughPackage]) {
      // One import line naming several names a deleted file took with it is one finding.
      const place = `${removed.path}@${use.path}:${use.line}`;
      const earlier = removed.how === 'deleted' ? seen.get(place) : undefined;
      if (earlier) {
        earlier.message = earlier.message.replace(/, and this file/, `, ${code(removed.name)}, and this file`);
        continue;
      }
      const what = describeRemoval(removed);
      const consequence = use.consequence ?? (use.kind === 'use' ? USE_CONSEQUENCE : CONSEQUENCE)[use.language] ?? 'fails';
      const here = use.path === removed.path;
      found.push({
        rule: RULE,
        severity: use.severity ?? 'error',
        path: use.path,
        line: use.line,
        message:
          use.kind === 'import'
            ? `${code(removed.path)} ${what}, and this file still imports it: it ${consequence}.`
            : `${code(removed.path)} ${what}, and ${here ? 'still calls it here' : 'this file still uses it'}: it ${consequence}.`,
        evidence: [
          { label: 'definition before', path: removed.path, startLine: removed.line, side: 'base', code: removed.code },
          ...(removed.renamedTo ? [{ label: 'definition after', path: removed.path, startLine: removed.renamedTo.line }] : []),
          { label: use.kind === 'import' ? 'import' : 'use', path: use.path, startLine: use.line, code: use.code },
        ],
        key: `${RULE}:${removed.path}:${removed.name}@${use.path}:${use.kind}`,
      });
      seen.set(place, found.at(-1)!);
    }
  }
  return found;
}

const USE_CONSEQUENCE: Partial<Record<LanguageId, string>> = {
  javascript: 'throws ReferenceError when that line runs',
  typescript: 'does not type-check',
  tsx: 'does not type-check',
  python: 'raises NameError when that line runs',
  go: 'does not compile',
};

const CONSEQUENCE: Partial<Record<LanguageId, string>> = {
  javascript: 'fails to load (an ES module) or gets `undefined` (CommonJS interop, bundlers)',
  typescript: 'does not type-check',
  tsx: 'does not type-check',
  python: 'raises ImportError when it loads',
  go: 'does not compile',
};

function describeRemoval(removed: RemovedName): string {
  switch (removed.how) {
    case 'renamed':
      return `renamed ${code(removed.name)} to ${code(removed.renamedTo?.name ?? '?')}`;
    case 'unexported':
      return `no longer exports ${code(removed.name)}`;
    case 'deleted':
      return `was deleted, and with it ${code(removed.name)}`;
    default:
      return `no longer defines ${code(removed.name)}`;
  }
}

/** The names the change took away from other files: the walkthrough's removals and renames, and deleted files' exports. */
async function findRemovedNames(context: FindingContext): Promise<RemovedName[]> {
  const out: RemovedName[] = [];
  for (const file of context.walkthrough.files) {
    const language = findLanguage(file.oldPath ?? file.path);
    if (!language || !LANGUAGES.has(language) || isTestFile(file.path)) continue;
    const diff = [...context.files, ...(context.deleted ?? [])].find((f) => f.path === file.path);
    if (!diff) continue;
    if (file.status === 'deleted') {
      const base = diff.hunks.flatMap((h) => h.lines.filter((l) => l.kind === 'del').map((l) => l.text)).join('\n');
      const parsed = await parseFile(file.path, new TextEncoder().encode(base));
      for (const s of parsed.symbols) {
        if (s.parent !== undefined || !TOP_LEVEL.has(s.kind)) continue;
        const visibility = findVisibility(s, language, true);
        if (visibility !== 'exported' && visibility !== 'public') continue;
        out.push({
          path: file.path,
          language,
          name: s.name,
          line: s.startLine,
          code: s.signature,
          how: 'deleted',
          exists: false,
          ...goPackage(base),
        });
      }
      continue;
    }
    const head = await context.readHead(file.path).catch(() => undefined);
    const base = head === undefined ? undefined : reconstructBase(diff, head);
    if (base === undefined) continue;
    const baseLines = base.split('\n');
    const lineOf = (name: string) => {
      const i = baseLines.findIndex((l) => new RegExp(`\\b${escapeStringRegexp(name)}\\b`).test(l) && DECLARES.test(l));
      return i < 0 ? 1 : i + 1;
    };
    for (const c of file.symbolChanges) {
      if (!TOP_LEVEL.has(c.symbolKind) || c.name.includes('.')) continue;
      const isDefault = new RegExp(
        `\\bexport\\s+default\\s+(?:async\\s+)?(?:(?:function\\*?|class)\\s+)?${escapeStringRegexp(('renamedFrom' in c && c.renamedFrom) || c.name)}\\b`,
      ).test(base);
      const at = { path: file.oldPath ?? file.path, language, exists: true, isDefault, ...goPackage(base) };
      if (c.kind === 'removed') {
        out.push({ ...at, name: c.name, line: c.line, code: baseLines[c.line - 1]?.trim() ?? '', how: 'removed' });
      } else if (c.kind === 'renamed' || (c.kind === 'visibility' && c.renamedFrom)) {
        const line = lineOf(c.renamedFrom!);
        const renamedTo = { name: c.name, line: c.line };
        out.push({ ...at, name: c.renamedFrom!, line, code: baseLines[line - 1]?.trim() ?? '', how: 'renamed', renamedTo });
      } else if (c.kind === 'visibility' && c.before === 'exported' && c.after === 'not exported' && language !== 'go') {
        const line = lineOf(c.name);
        out.push({ ...at, name: c.name, line, code: baseLines[line - 1]?.trim() ?? '', how: 'unexported' });
      }
    }
  }
  return out;
}

function goPackage(base: string): { goPackage?: string } {
  const name = /^package\s+(\w+)/m.exec(base)?.[1];
  return name ? { goPackage: name } : {};
}

const DECLARES = /\b(?:function|class|def|func|type|interface|enum|const|let|var|struct)\b/;
