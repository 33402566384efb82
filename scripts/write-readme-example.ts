import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * `npm run readme:example`: runs the built CLI on this repository, as a user
 * would (`nanodex index --repo .`, then `nanodex plan --repo . "add retries to the GitHub blob fetcher"`),
 * and writes the shortened plan between the README's example-plan markers,
 * so its line ranges are the code's, not remembered ones.
 */
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const README = `${ROOT}README.md`;
const START = '<!-- example-plan:start (scripts/write-readme-example.ts) -->';
const END = '<!-- example-plan:end -->';
const PROMPT = 'add retries to the GitHub blob fetcher';

// The whole index first: the example shows what a plan reads once the index is built (a first question on a
// cold tree is answered from a partial index, and says so).
execFileSync(process.execPath, ['dist/src/cli/main.js', 'index', '--repo', '.'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
const plan = execFileSync(process.execPath, ['dist/src/cli/main.js', 'plan', '--repo', '.', PROMPT], {
  cwd: ROOT,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
});

/** The lines of a section, from its heading to the next blank line (or the next heading). */
function section(text: string, heading: string, take = Infinity): string[] {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.startsWith(heading));
  if (at < 0) return [];
  const out = [lines[at]!];
  for (const line of lines.slice(at + 1)) {
    if (line.trim() === '' || /^#{2,4} |^\*\*/.test(line)) break;
    if (out.length > take) break;
    out.push(line);
  }
  return out;
}

const shortened = [
  plan.split('\n')[0]!,
  '',
  '### Context from the index',
  ...section(plan, '**Already in the repository**'),
  '',
  ...section(plan, '**Modules**', 1),
  ...section(plan, '**Symbols**', 1),
  '',
  ...section(plan, 'Confidence:'),
  '',
  '### Phases',
  ...section(plan, '#### Phase 2'),
  ...section(plan, '#### Phase 3', 1),
].join('\n');

const readme = readFileSync(README, 'utf8');
const from = readme.indexOf(START);
const to = readme.indexOf(END);
if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END} block`);
writeFileSync(README, `${readme.slice(0, from + START.length)}\n\`\`\`markdown\n${shortened}\n\`\`\`\n${readme.slice(to)}`);
process.stdout.write(`wrote the example plan into ${README}\n`);
