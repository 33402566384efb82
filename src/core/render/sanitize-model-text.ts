import { splitCode } from './split-code.js';

export { splitCode } from './split-code.js';

export interface SanitizeReport {
  mentions: number;
  htmlComments: number;
  html: number;
  hidden: number;
  images: number;
  /** Secrets redacted: counted by composeComment, which redacts before sanitising. */
  secrets: number;
}

/** Tags GitHub renders that are harmless in prose; everything else is shown as text. */
const ALLOWED_TAGS = new Set(['details', 'summary', 'b', 'i', 'em', 'strong', 'code', 'kbd', 'sub', 'sup', 'br', 'ins', 'del', 's']);
/** Zero-width and direction-changing characters: they hide or reorder text a reader would otherwise see. */
const HIDDEN = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad]/g;

/**
 * Makes text a model wrote (or repository text quoted in it) safe to post:
 * no @-mentions except the requester (others are put in code so nobody is
 * pinged), no HTML comments or hidden characters (nothing a reader cannot
 * see), raw HTML shown as text except a few inline tags, images turned into
 * plain links (no tracking pixels). Code blocks and inline code keep their
 * text (GitHub renders them literally). Secrets are not this function's job:
 * composeComment redacts them (src/core/secrets), which needs to be async.
 */
export function sanitizeModelText(text: string, options: { requester?: string } = {}): { text: string; report: SanitizeReport } {
  const report: SanitizeReport = { mentions: 0, htmlComments: 0, html: 0, hidden: 0, images: 0, secrets: 0 };
  const withoutHidden = text.replace(HIDDEN, () => {
    report.hidden += 1;
    return '';
  });
  const requester = options.requester?.toLowerCase();
  const out = splitCode(withoutHidden)
    .map(({ text: part, isCode }) => {
      if (isCode) return part;
      return (
        part
          .replace(/<!--[\s\S]*?(?:-->|$)/g, () => {
            report.htmlComments += 1;
            return '';
          })
          // `[//]: # (text)` and friends: link definitions GitHub never shows, a second way to hide text.
          .replace(/^ {0,3}\[[^\]\n]*\]:[ \t]*#[^\n]*$/gm, () => {
            report.htmlComments += 1;
            return '';
          })
          .replace(/!\[([^\]]*)\]\(([^)\s]*)[^)]*\)/g, (_m, alt: string, url: string) => {
            report.images += 1;
            return `[${alt || 'image'}](${url})`;
          })
          .replace(/<\/?([a-zA-Z][\w-]*)[^>]*>/g, (tag, name: string) => {
            if (ALLOWED_TAGS.has(name.toLowerCase()) && !/\s(on\w+|style|href|src)\s*=/i.test(tag)) return tag;
            report.html += 1;
            return tag.replace(/</g, '&lt;').replace(/>/g, '&gt;');
          })
          .replace(/(^|[^\w`/])@([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,38})(?:\/[\w.-]+)?)/g, (m, before: string, name: string) => {
            if (requester && name.toLowerCase() === requester) return m;
            report.mentions += 1;
            return `${before}\`@${name}\``;
          })
      );
    })
    .join('');
  return { text: out, report };
}
