import fc from 'fast-check';
import { HANDLED_EVENTS } from '../../src/app/create-app.js';
import { parseWebhookPayload, renderPayloadProblems } from '../../src/github/parse-webhook-payload.js';
import { recordAppHandlers, recordedExamples, toActionable } from '../../test/helpers/record-app-handlers.js';
import { hostileJson, hostileString, SECRET } from './hostile-text.js';
import { applyMutation, jsonMutation, type Mutation } from './mutate-json.js';
import type { FuzzTarget, Verdict } from './run-target.js';

const EVENT_NAMES = [...new Set(HANDLED_EVENTS.map((e) => e.split('.')[0] ?? e))];
/** renderPayloadProblems' documented cap; the ignored reason quotes at most 60 characters of a name. */
const MAX_RENDERED_CHARS = 500;
const MAX_REASON_CHARS = 150;

/** Every field a handler reads (create-app.ts, to-mention-event.ts): half the mutations aim here, where a wrong type would bite. */
const READ_PATHS = [
  'action',
  'installation',
  'installation.id',
  'repository',
  'repository.name',
  'repository.owner',
  'repository.owner.login',
  'repository.default_branch',
  'repository.master_branch',
  'repository.html_url',
  'repository.private',
  'comment',
  'comment.id',
  'comment.body',
  'comment.user',
  'comment.user.login',
  'comment.user.type',
  'issue',
  'issue.number',
  'issue.title',
  'issue.body',
  'issue.pull_request',
  'pull_request',
  'pull_request.number',
  'pull_request.title',
  'pull_request.body',
  'pull_request.draft',
  'pull_request.base',
  'pull_request.base.sha',
  'pull_request.head',
  'pull_request.head.sha',
  'sender',
  'sender.login',
  'ref',
  'deleted',
  'after',
  'repositories',
  'repositories.0',
  'repositories.0.full_name',
  'repositories_added',
  'repositories_added.0',
  'repositories_added.0.full_name',
];

const app = recordAppHandlers();

/** The handlers' contract with the edge: whatever parseWebhookPayload accepts, the handler reads without throwing. */
async function checkDelivery(name: string | undefined, payload: unknown): Promise<Verdict | undefined> {
  const parsed = parseWebhookPayload(name, payload);
  if (parsed.kind === 'handled') {
    await app.deliver(name ?? '', payload).catch((error: unknown) => {
      throw new Error(`the ${parsed.event} handler threw on a payload parseWebhookPayload accepted: ${String(error)}`, { cause: error });
    });
    return { accepted: true };
  }
  if (parsed.kind === 'ignored') {
    return parsed.reason.length > MAX_REASON_CHARS ? { violation: `ignored reason is ${parsed.reason.length} characters` } : undefined;
  }
  const rendered = renderPayloadProblems(parsed.problems);
  if (parsed.problems.length === 0) return { violation: 'invalid without a problem' };
  if (rendered.length > MAX_RENDERED_CHARS || rendered.includes('\n'))
    return { violation: `rendered problems are not one short line (${rendered.length} characters)` };
  if (rendered.includes(SECRET.slice(0, 8))) return { violation: 'rendered problems echo an input value' };
  return undefined;
}

export const webhookJsonTarget: FuzzTarget<{ name: string | undefined; payload: unknown }> = {
  name: 'webhook: arbitrary JSON',
  runs: 20_000,
  arbitrary: fc.record({
    name: fc.oneof(fc.constantFrom<string | undefined>(...EVENT_NAMES, 'issues', 'ping', '', undefined), hostileString),
    payload: fc.oneof(
      hostileJson,
      fc.record({
        action: fc.constantFrom('created', 'opened', 'added', 'synchronize'),
        comment: hostileJson,
        issue: hostileJson,
        repository: hostileJson,
      }),
    ),
  }),
  check: ({ name, payload }) => checkDelivery(name, payload),
};

/** GitHub's recorded deliveries of handled events, made actionable (an installation, a mention, a push to the default branch). */
const BASES = EVENT_NAMES.flatMap((name) =>
  recordedExamples(name)
    .map((payload) => ({ name, payload: toActionable(payload) }))
    .filter(({ name: n, payload }) => parseWebhookPayload(n, payload).kind === 'handled'),
);

/** The n-th recorded delivery (modulo their count) with `mutations` applied to a copy. */
export function toMutatedExample(base: number, mutations: readonly Mutation[]): { name: string; payload: unknown } {
  const { name, payload } = BASES[base % BASES.length]!;
  const mutated = structuredClone(payload);
  // Values are copied in: fast-check hands out the same constant (`{}`, `[{}]`) to many mutations, and a later mutation
  // that lands inside an earlier one's value would otherwise edit the constant, or make the payload circular.
  for (const m of mutations)
    applyMutation(mutated, m.to.kind === 'set' ? { ...m, to: { kind: 'set', value: structuredClone(m.to.value) } } : m);
  return { name, payload: mutated };
}

/** Mutations of the recorded deliveries, aimed at the fields the handlers read. */
export const exampleMutations = (min: number): fc.Arbitrary<Mutation[]> =>
  fc.array(jsonMutation(READ_PATHS), { minLength: min, maxLength: 4 });

export const webhookMutationTarget: FuzzTarget<{ base: number; mutations: Mutation[] }> = {
  name: 'webhook: mutated GitHub examples',
  runs: 15_000,
  arbitrary: fc.record({ base: fc.nat(BASES.length - 1), mutations: exampleMutations(1) }),
  check: ({ base, mutations }) => {
    const { name, payload } = toMutatedExample(base, mutations);
    return checkDelivery(name, payload);
  },
};
