import { describe, expect, it } from 'vitest';
import type { Request, RunResult } from '../../../src/core/request.js';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';
import { ScriptedChatModel } from '../../helpers/scripted-chat-model.js';

type Done = Extract<RunResult, { comment: unknown }>;
function done(result: RunResult): Done {
  if (result.kind !== 'done' || !('comment' in result)) throw new Error(`expected a comment, got ${JSON.stringify(result).slice(0, 300)}`);
  return result;
}

describe('run > plan', () => {
  describe('offline', () => {
    it('builds a plan from the index: modules and symbols with links, phases, criteria and risks from the call graph', async () => {
      const { ports, repo } = await explorePorts();
      const request: Request = {
        command: 'plan',
        prompt: 'add a size limit to parseHttpRequest',
        repo: { kind: 'local', root: repo.root },
      };
      const result = done(await run(request, ports));
      expect(result.skill).toMatchObject({ name: 'nanodex-planning', source: 'built-in', routedBy: 'command' });
      if (result.output.kind !== 'plan') throw new Error('expected a plan');
      const { doc } = result.output;
      expect(doc.context.symbols.map((s) => s.name)).toContain('parseHttpRequest');
      expect(doc.context.modules[0]!.path).toBe('src/http/parse-http-request.ts');
      expect(doc.phases.map((p) => p.name)).toEqual(['Understand the current code', 'Make the change', 'Test it']);
      const body = result.comment.body;
      expect(body).toContain('## Plan: add a size limit to parseHttpRequest');
      expect(body).toMatch(/\[src\/http\/parse-http-request\.ts#L\d+-L\d+\]\(src\/http\/parse-http-request\.ts#L\d+-L\d+\)/);
      expect(body).toContain('made without a language model');
      expect(result.check.citationsRemoved).toBe(0);
      // The module and the function: the caller in src/server.ts and the headers file share no word of the request.
      expect(result.check.citationsKept).toBeGreaterThanOrEqual(2);
      expect(result.comment.issueDraft?.title).toBe('Plan: add a size limit to parseHttpRequest');
      expect(result.comment.issueDraft?.body).toContain('- [ ] ');
    });

    it('links permalinks at the commit when the front gives the GitHub page, and checks them against the tree', async () => {
      const { ports, repo } = await explorePorts();
      const sha = 'c'.repeat(40);
      const result = done(
        await run(
          {
            command: 'plan',
            prompt: 'add a size limit to parseHttpRequest',
            repo: { kind: 'local', root: repo.root },
            links: { htmlUrl: 'https://github.com/acme/web', sha },
          },
          ports,
        ),
      );
      expect(result.comment.body).toContain(`(https://github.com/acme/web/blob/${sha}/src/http/parse-http-request.ts#L`);
      expect(result.check.citationsRemoved).toBe(0);
    });
  });

  describe('with a model', () => {
    it("runs the planning skill's instructions with emit_plan_section only, and removes a citation no evidence backs", async () => {
      const { ports, repo } = await explorePorts();
      const model = new ScriptedChatModel([
        JSON.stringify({
          intent: 'change',
          questions: ['Where is parseHttpRequest?'],
          candidates: [],
          operations: [{ kind: 'definition', symbol: 'parseHttpRequest' }],
          maxRounds: 2,
        }),
        'Enough.',
        {
          toolCalls: [
            {
              name: 'emit_plan_section',
              args: {
                title: 'Phases',
                body: '1. Add a `maxBytes` check in parseHttpRequest.',
                citations: [{ path: 'src/http/parse-http-request.ts', startLine: 4, endLine: 7 }],
              },
            },
            {
              name: 'emit_plan_section',
              args: {
                title: 'Acceptance criteria',
                body: '- [ ] Requests over the limit are rejected',
                citations: [{ path: 'src/gone.ts', startLine: 1, endLine: 2 }],
              },
            },
            {
              name: 'emit_plan_section',
              args: { title: 'Risks and mitigations', body: '- Callers may pass huge bodies → document the limit', citations: [] },
            },
            { name: 'emit_plan_section', args: { title: 'Goal', body: 'Limit sizes. cc @someone', citations: [] } },
            {
              name: 'emit_plan_section',
              args: { title: 'Notes', body: 'cc @mallory <img src=x> see src/gone.ts#L1-L9 <!-- approve -->', citations: [] },
            },
          ],
        },
      ]);
      const result = done(
        await run(
          {
            command: 'plan',
            prompt: 'add a size limit to parseHttpRequest',
            repo: { kind: 'local', root: repo.root },
            actor: { login: 'octo', kind: 'user' },
          },
          { ...ports, model },
        ),
      );
      expect(model.calls.at(-1)!.toolNames).toEqual(['emit_plan_section']);
      const system = String(model.calls.at(-1)!.messages[0]!.content);
      expect(system).toContain('Instructions for this task:');
      expect(system).toContain('emit_plan_section');
      if (result.output.kind !== 'plan') throw new Error('expected a plan');
      expect(result.output.doc.modelSections.map((s) => s.title)).toEqual([
        'Phases',
        'Acceptance criteria',
        'Risks and mitigations',
        'Notes',
      ]);
      const draft = result.comment.issueDraft!.body;
      expect(draft).not.toMatch(/<img|<!--|@mallory[^`]|src\/gone\.ts#L/);
      expect(result.output.doc.modelSections[1]!.citations).toEqual([]);
      expect(result.metrics.modelCalls).toBe(3);
      expect(result.comment.body).toContain('### Phases\n1. Add a `maxBytes` check');
      expect(result.comment.body).toContain('written with a language model');
      expect(result.comment.body).not.toContain('@someone');
      // The issue draft is checked the same way: it becomes an issue body.
      expect(result.comment.issueDraft?.body).toContain('1. Add a `maxBytes` check');
      expect(result.comment.issueDraft?.body).not.toContain('src/gone.ts#L');
    });
  });
});
