import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

type Examples = { name: string; examples: Record<string, unknown>[] }[];

/**
 * The small repository the docs' commands run against: the TypeScript
 * fixture as a git repository on `main`, a branch `my-branch` with one
 * change, and the payloads the replay example names (`delivery.json`, an
 * `@nanodex help` comment; `pr.json`, an opened pull request), both GitHub's
 * own examples (@octokit/webhooks-examples).
 */
export function makeFixture(root: string, fixture: string): void {
  cpSync(path.join(root, 'test/fixtures/repos/typescript'), fixture, { recursive: true });
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', fixture, '-c', 'user.email=docs@example.com', '-c', 'user.name=docs', ...args], { stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'fixture');
  git('checkout', '-q', '-b', 'my-branch');
  appendFileSync(path.join(fixture, 'src/models.ts'), '\nexport function isDone(todo: Todo): boolean {\n  return todo.done;\n}\n');
  git('commit', '-q', '-am', 'add isDone');
  git('checkout', '-q', 'main');

  const examples = createRequire(import.meta.url)('@octokit/webhooks-examples') as Examples;
  const example = (name: string, action: string) =>
    structuredClone(examples.find((e) => e.name === name)?.examples.find((e) => e.action === action) ?? {});
  const comment = example('issue_comment', 'created') as { comment?: { body: string } };
  if (comment.comment) comment.comment.body = '@nanodex help';
  writeFileSync(path.join(fixture, 'delivery.json'), JSON.stringify(comment));
  writeFileSync(path.join(fixture, 'pr.json'), JSON.stringify(example('pull_request', 'opened')));
}
