export interface LinkedIssue {
  /** `owner/repo` when the reference names another repository. */
  repo?: string;
  number: number;
  /** `closes`: a closing keyword (fixes, closes, resolves); `mentions`: GH-12, a URL, `see #12`, `owner/repo#12`. */
  relation: 'closes' | 'mentions';
  /** Where it was read: `pull request` or a commit's short sha. */
  from: string;
}

const MAX_TEXT = 64 * 1024;
const MAX_ISSUES = 20;
const NAME = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})';
const REPO = `${NAME}/[A-Za-z0-9._-]{1,100}`;
const CLOSING = String.raw`\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\b:?\s+`;
const REFERENCE = `(?:(${REPO})?#(\\d{1,7})(?!\\d)|https://github\\.com/(${REPO})/(?:issues|pull)/(\\d{1,7})(?!\\d))`;
const PATTERNS: { relation: LinkedIssue['relation']; re: RegExp }[] = [
  { relation: 'closes', re: new RegExp(`${CLOSING}${REFERENCE}`, 'gi') },
  { relation: 'mentions', re: new RegExp(`\\b(?:see|refs?|references|related to|part of)\\b:?\\s+${REFERENCE}`, 'gi') },
  { relation: 'mentions', re: new RegExp(`(?<![\\w/])(${REPO})#(\\d{1,7})\\b`, 'g') },
  { relation: 'mentions', re: /(?<![\w-])GH-(\d{1,7})\b/g },
  { relation: 'mentions', re: new RegExp(`https://github\\.com/(${REPO})/(?:issues|pull)/(\\d{1,7})\\b`, 'g') },
];

/**
 * The issues a change links to, from its pull request text and commit
 * messages (untrusted: bounded, and only numbers and GitHub-shaped names are
 * kept). A bare `#12` is not taken: squash-merge titles end with the pull
 * request's own number. `owner/repo` equal to `self` is written as the
 * repository's own issue. The first relation found wins; closing first.
 */
export function findLinkedIssues(texts: { text: string; from: string }[], self?: string): LinkedIssue[] {
  const found = new Map<string, LinkedIssue>();
  for (const { relation, re } of PATTERNS) {
    for (const { text, from } of texts) {
      for (const m of text.slice(0, MAX_TEXT).matchAll(re)) {
        const groups = m.slice(1).filter((g) => g !== undefined);
        const number = Number(groups.at(-1));
        const named = groups.length > 1 ? groups[0] : undefined;
        const repo = named && named.toLowerCase() !== self?.toLowerCase() ? named : undefined;
        if (!Number.isSafeInteger(number) || number < 1) continue;
        const key = `${repo?.toLowerCase() ?? ''}#${number}`;
        if (!found.has(key) && found.size < MAX_ISSUES) found.set(key, { ...(repo ? { repo } : {}), number, relation, from });
      }
    }
  }
  return [...found.values()];
}

export function formatIssue(issue: LinkedIssue): string {
  return `${issue.repo ?? ''}#${issue.number}`;
}
