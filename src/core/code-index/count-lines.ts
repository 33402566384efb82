/**
 * Lines in a text as an editor and GitHub number them: a final newline ends
 * the last line, it does not start another (`"a\nb\n"` has 2 lines, `""` 0).
 * `text.split('\n').length` counts one too many for every file that ends in
 * a newline, which is nearly all of them.
 */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let count = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count += 1;
  return text.endsWith('\n') ? count - 1 : count;
}
