import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A repository root (a real path) whose links try every way out: up through
 * `..`, to an absolute folder, to a sibling whose name starts with the
 * root's own (`root-evil`), in a loop, and nowhere; beside them links that
 * stay inside. `remove` deletes the whole scratch folder.
 */
export function makeHostileRoot(): { root: string; remove: () => void } {
  const scratch = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'nanodex-fuzz-')));
  const root = path.join(scratch, 'root');
  mkdirSync(path.join(root, 'src', 'b'), { recursive: true });
  mkdirSync(path.join(scratch, 'root-evil'));
  writeFileSync(path.join(scratch, 'root-evil', 'secret.txt'), 'outside\n');
  writeFileSync(path.join(root, 'a.txt'), 'a\n');
  writeFileSync(path.join(root, 'src', 'b.ts'), 'export const b = 1;\n');
  const links: [string, string][] = [
    ['link-out', scratch],
    ['link-parent', '..'],
    ['sibling', '../root-evil'],
    ['src/up', '../..'],
    ['loop-a', 'loop-b'],
    ['loop-b', 'loop-a'],
    ['dangling', '/nonexistent/nanodex-fuzz'],
    ['link-in', 'src'],
    ['self', '.'],
    ['abs-in', path.join(root, 'src')],
  ];
  for (const [from, to] of links) symlinkSync(to, path.join(root, from));
  return { root, remove: () => rmSync(scratch, { recursive: true, force: true }) };
}
