import { describe, expect, it } from 'vitest';
import { encodeProposal, readProposals, sealProposal } from '../../src/core/changes/proposal-record.js';
import { AFTER, BEFORE, uploaderProposal } from '../helpers/proposal-fixture.js';
import { SAMPLE_FILES } from '../helpers/sample-repo.js';
import { ScriptedChatModel } from '../helpers/scripted-chat-model.js';
import { createHarness, expectNoUnknownCalls, mentionPayload, stickyBodies } from './app-harness.js';
import type { FakeGitHub } from './fake-github.js';

/** The proposal `@nanodex work` left in the thread, as nanodex's own comment. */
function leaveProposal(github: FakeGitHub, options: Parameters<typeof uploaderProposal>[0] = {}): string {
  const { record, block } = uploaderProposal(options);
  github.comments.set(1, [
    {
      id: 77,
      body: `<!-- nanodex:sticky:mention-76 -->\n## Proposed changes\n\n${block}`,
      user: { login: 'nanodex[bot]', type: 'Bot' },
      html_url: 'https://github.com/Codertocat/Hello-World/issues/1#issuecomment-77',
      created_at: new Date().toISOString(),
    },
  ]);
  return record.id;
}

describe('the App applying an approved proposal (@nanodex apply <id>)', () => {
  it('checks the files, commits to a new nanodex/ branch through the Git Data API and opens a pull request', async () => {
    const app = await createHarness();
    app.github.permissions.set('Codertocat', 'write');
    app.github.git.files.set('src/upload.ts', { text: BEFORE, mode: '100755' });
    const id = leaveProposal(app.github);

    await app.receive('issue_comment', mentionPayload(`@nanodex apply ${id}`));

    const { git } = app.github;
    expect(git.refs.get(`heads/nanodex/${id}`)).toBeDefined();
    expect(git.refs.get('heads/master')).toBe(git.headSha);
    const written = git.filesOf(`nanodex/${id}`);
    expect(written.get('src/upload.ts')).toBe(AFTER);
    expect(written.get('src/retries.ts')).toBe('export const RETRIES = 3;\n');
    // The executable bit of a patched file is kept.
    const tree = [...git.trees.values()][0]!;
    expect(tree.entries.find((e) => e.path === 'src/upload.ts')?.mode).toBe('100755');
    expect(git.pullRequests).toHaveLength(1);
    const pr = git.pullRequests[0]!;
    expect(pr).toMatchObject({ head: `nanodex/${id}`, base: 'master' });
    expect(pr.body).toContain('approved](https://github.com/Codertocat/Hello-World/issues/1#issuecomment-');
    expect(pr.body).toContain('contained (1)');
    const reply = stickyBodies(app.github).at(-1)!;
    expect(reply).toContain(`Applied proposal \`${id}\``);
    expect(reply).toContain('#200');
    // Refs are only ever created: nothing PATCHes or PUTs a ref, the default branch included.
    expect(app.github.sent.filter((r) => /\/git\/refs/.test(r.path) && r.method !== 'POST')).toEqual([]);
    expectNoUnknownCalls(app.github);
  });

  it('refuses, writing nothing, when a file changed since the proposal, and names the file', async () => {
    const app = await createHarness();
    app.github.permissions.set('Codertocat', 'admin');
    app.github.git.files.set('src/upload.ts', { text: `${BEFORE}// edited since\n`, mode: '100644' });
    const id = leaveProposal(app.github);

    await app.receive('issue_comment', mentionPayload(`@nanodex apply ${id}`));

    const reply = stickyBodies(app.github).at(-1)!;
    expect(reply).toContain('**Not applied.**');
    expect(reply).toContain('`src/upload.ts`: its content changed');
    expect(app.github.sent.filter((r) => r.method === 'POST' && /\/git\/|\/pulls$/.test(r.path))).toEqual([]);
  });

  it('refuses a proposal that touches .github/workflows/ unless the config allows it', async () => {
    const app = await createHarness();
    app.github.permissions.set('Codertocat', 'admin');
    app.github.git.files.set('.github/workflows/ci.yml', { text: BEFORE, mode: '100644' });
    const id = leaveProposal(app.github, { path: '.github/workflows/ci.yml' });

    await app.receive('issue_comment', mentionPayload(`@nanodex apply ${id}`));
    expect(stickyBodies(app.github).at(-1)).toContain('are not applied unless `apply.allowWorkflows: true`');
    expect(app.github.git.pullRequests).toEqual([]);

    app.github.configText = 'apply:\n  allowWorkflows: true\n';
    await app.receive('issue_comment', mentionPayload(`@nanodex apply ${id}`, { commentId: 5 }));
    expect(app.github.git.pullRequests).toHaveLength(1);
  });

  it('refuses a path the proposal holds no content for: every touched file must be checked', async () => {
    const app = await createHarness();
    app.github.permissions.set('Codertocat', 'write');
    app.github.git.files.set('src/upload.ts', { text: BEFORE, mode: '100644' });
    const { record } = uploaderProposal();
    const { id: _id, digest: _digest, ...content } = record;
    const unchecked = sealProposal({ ...content, bases: { 'src/retries.ts': null } });
    app.github.comments.set(1, [
      {
        id: 77,
        body: `<!-- nanodex:sticky:mention-76 -->\n## Proposed changes\n\n${encodeProposal(unchecked)}`,
        user: { login: 'nanodex[bot]', type: 'Bot' },
        html_url: '',
        created_at: new Date().toISOString(),
      },
    ]);

    await app.receive('issue_comment', mentionPayload(`@nanodex apply ${unchecked.id}`));
    expect(stickyBodies(app.github).at(-1)).toContain('`src/upload.ts`: the proposal did not record its content');
    expect(app.github.git.pullRequests).toEqual([]);
  });

  it('refuses someone without write access, and an expired proposal', async () => {
    const app = await createHarness();
    app.github.permissions.set('Codertocat', 'read');
    app.github.git.files.set('src/upload.ts', { text: BEFORE, mode: '100644' });
    const id = leaveProposal(app.github, { createdAt: new Date(Date.now() - 30 * 86_400_000) });

    await app.receive('issue_comment', mentionPayload(`@nanodex apply ${id}`));
    expect(stickyBodies(app.github).at(-1)).toContain('`apply` needs write access');

    app.github.permissions.set('octocat', 'write');
    await app.receive('issue_comment', mentionPayload(`@nanodex apply ${id}`, { commentId: 6, login: 'octocat' }));
    expect(stickyBodies(app.github).at(-1)).toContain('is 30 days old; proposals can be applied for 14 days');
    expect(app.github.git.pullRequests).toEqual([]);
  });

  it('applying the same proposal again points to its open pull request instead of opening another', async () => {
    const app = await createHarness();
    app.github.permissions.set('Codertocat', 'write');
    app.github.git.files.set('src/upload.ts', { text: BEFORE, mode: '100644' });
    const id = leaveProposal(app.github);

    await app.receive('issue_comment', mentionPayload(`@nanodex apply ${id}`));
    await app.receive('issue_comment', mentionPayload(`@nanodex apply ${id}`, { commentId: 8 }));

    expect(app.github.git.pullRequests).toHaveLength(1);
    expect(stickyBodies(app.github).at(-1)).toContain('is already open as #200');
  });

  it("closes the loop: a model's `work` reply carries its proposal and how to apply it; `apply` opens the pull request", async () => {
    const model = new ScriptedChatModel([
      JSON.stringify({
        intent: 'change',
        questions: ['Where are headers split?'],
        candidates: [],
        operations: [{ kind: 'definition', symbol: 'splitHeaders' }],
        maxRounds: 2,
      }),
      'Enough.',
      {
        toolCalls: [
          {
            name: 'emit_change',
            args: {
              changes: [
                {
                  kind: 'patch',
                  path: 'src/http/headers.ts',
                  format: 'search_replace',
                  title: 'Trim values',
                  rationale: 'Values keep spaces.',
                  risk: 1,
                  blocks: [{ search: "l.split(': ')", replace: "l.split(': ').map((p) => p.trim())" }],
                },
              ],
            },
          },
          { name: 'emit_answer', args: { text: 'Trims header values.', citations: [] } },
        ],
      },
    ]);
    const app = await createHarness({ model });
    app.github.permissions.set('Codertocat', 'write');

    await app.receive('issue_comment', mentionPayload('@nanodex work trim header values in splitHeaders'));
    const proposal = stickyBodies(app.github).at(-1)!;
    expect(proposal).toContain('**To apply:**');
    const [read] = readProposals(proposal);
    if (!read?.ok) throw new Error(`no proposal in the reply: ${JSON.stringify(read)}`);
    expect(read.record.repo).toBe('Codertocat/Hello-World');
    expect(proposal).toContain(`@nanodex apply ${read.record.id}`);

    app.github.git.files.set('src/http/headers.ts', { text: SAMPLE_FILES['src/http/headers.ts']!, mode: '100644' });
    await app.receive('issue_comment', mentionPayload(`@nanodex apply ${read.record.id}`, { commentId: 9 }));

    expect(app.github.git.pullRequests).toHaveLength(1);
    expect(app.github.git.filesOf(`nanodex/${read.record.id}`).get('src/http/headers.ts')).toContain('.map((p) => p.trim())');
  });
});
