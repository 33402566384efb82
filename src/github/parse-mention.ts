import escapeStringRegexp from 'escape-string-regexp';
import { splitCode } from '../core/index.js';

export interface Mention {
  /** Everything after the mention, trimmed, with the `--issue` flag taken out. */
  text: string;
  openIssue: boolean;
}

const QUOTE_LINE = /^ {0,3}>.*$/gm;
const ISSUE_FLAG = /(^|\s)--issue(?=\s|$)[ \t]*/;

/**
 * The request in a comment: the text after the first `@slug` mention on a
 * word boundary (case-insensitive), ignoring mentions inside code spans,
 * code blocks and `>` quote lines (someone quoting an earlier request is not
 * asking again); undefined when nanodex is not mentioned. `@slug-other`,
 * `me@slug.dev` and `@slug/team` are other names, not mentions.
 */
export function parseMention(body: string, appSlug: string): Mention | undefined {
  const slug = appSlug.replace(/\[bot\]$/i, '');
  const masked = maskIgnored(body.replace(/\r\n?/g, '\n'));
  const pattern = new RegExp(`(?<![\\w@/\`.-])@${escapeStringRegexp(slug)}(?![\\w/-]|\\[bot\\])`, 'i');
  const found = pattern.exec(masked);
  if (found === null) return undefined;
  const rest = body.replace(/\r\n?/g, '\n').slice(found.index + found[0].length);
  const openIssue = ISSUE_FLAG.test(rest);
  const text = (openIssue ? rest.replace(ISSUE_FLAG, '$1') : rest).replace(/^[\s,:]+/, '').trim();
  return { text, openIssue };
}

/** Same length as the body, with code and quote lines blanked, so offsets still point into the body. */
function maskIgnored(body: string): string {
  const blank = (text: string): string => text.replace(/[^\n]/g, ' ');
  const withoutCode = splitCode(body)
    .map((part) => (part.isCode ? blank(part.text) : part.text))
    .join('');
  return withoutCode.replace(QUOTE_LINE, blank);
}
