import type { RunMetrics } from '../request.js';
import type { CommentCheck } from './comment-check.js';
import { fitComment, GITHUB_COMMENT_LIMIT, type Block } from './fit-comment.js';
import { redactSecretsCounted } from '../secrets/redact-secrets.js';
import { renderFooter, type FooterExtras } from './render-footer.js';
import { renderIndexWarning } from './render-index-warning.js';
import { sanitizeModelText, type SanitizeReport } from './sanitize-model-text.js';
import { verifyCitations, type CitationTree } from './verify-citations.js';

export type { CommentCheck } from './comment-check.js';

/**
 * The last step before anything is posted, the same for every output:
 * redact secrets (before fitting, so the fitted size is the posted size),
 * sanitise (mentions, hidden markup, raw HTML), verify every line
 * citation against the tree, add the metrics footer (and, first, a warning
 * when the index was partial), and fit GitHub's size limit by leaving out
 * whole blocks with a note.
 */
export async function composeComment(
  blocks: Block[],
  options: {
    tree: CitationTree;
    metrics: RunMetrics | undefined;
    /** Absent: no footer (an issue body, say). */
    footer?: FooterExtras;
    requester?: string;
    limit?: number;
  },
): Promise<{ body: string; check: CommentCheck }> {
  const sanitized: SanitizeReport = { mentions: 0, htmlComments: 0, html: 0, hidden: 0, images: 0, secrets: 0 };
  let kept = 0;
  let removed = 0;
  const problems: string[] = [];
  const redacted = await Promise.all(blocks.map((block) => redactSecretsCounted(block.text)));
  const clean = blocks.map((block, i) => {
    sanitized.secrets += redacted[i]!.count;
    const s = sanitizeModelText(redacted[i]!.text, { requester: options.requester });
    for (const key of Object.keys(sanitized) as (keyof SanitizeReport)[]) sanitized[key] += s.report[key];
    const v = verifyCitations(s.text, options.tree);
    kept += v.kept;
    removed += v.removed;
    problems.push(...v.problems);
    return { ...block, text: v.text };
  });
  if (options.footer && options.metrics) {
    clean.push({
      title: 'footer',
      essential: true,
      text: renderFooter(options.metrics, { ...options.footer, citationsRemoved: (options.footer.citationsRemoved ?? 0) + removed }),
    });
  } else if (options.footer && !options.footer.madeWithModel) {
    clean.push({ title: 'footer', essential: true, text: '<sub>Answered from the code index, without a language model.</sub>' });
  }
  // First, before anything in the reply is read as whole: the index it came from was not.
  const warning = renderIndexWarning(options.metrics?.index);
  if (warning !== undefined) clean.unshift({ title: 'index warning', essential: true, text: warning });
  const { body, trimmed } = fitComment(clean, options.limit ?? GITHUB_COMMENT_LIMIT);
  return { body, check: { citationsKept: kept, citationsRemoved: removed, citationProblems: problems, sanitized, trimmed } };
}
