/**
 * A repository over the 4 MB below which a whole build comes first (FIRST_ANSWER_MIN_TREE_BYTES): 320
 * modules of ~15 KB of handlers, and one file a question about invoices needs. 321 indexable files.
 */
export const FIRST_ANSWER_REPO_FILES = 321;
const MODULES = 320;
const FUNCTIONS_PER_MODULE = 360;

export function firstAnswerRepoFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'billing/invoice_total.py':
      'def compute_invoice_total(lines):\n    """Sums the lines, rounded to cents."""\n    return round(sum(lines), 2)\n',
  };
  for (let i = 0; i < MODULES; i += 1) {
    const body = Array.from({ length: FUNCTIONS_PER_MODULE }, (_, j) => `def handler_${i}_${j}(value):\n    return value + ${j}\n\n`);
    files[`pkg/mod${i}.py`] = body.join('');
  }
  return files;
}
