import fc from 'fast-check';
import { DEFAULT_BUDGET } from '../../src/core/budget/budget.js';
import { parseJsonReply } from '../../src/core/explore/model-planner.js';
import { checkPlan } from '../../src/core/explore/plan-schema.js';
import { isValidRepoPath } from '../../src/core/repo/repo-path.js';
import { hostileJson, hostilePath, hostileString, pieceText } from './hostile-text.js';
import { mutatedJson } from './mutate-json.js';
import type { FuzzTarget, Verdict } from './run-target.js';

const TREE = new Set(['src/a.ts', 'src/b/c.ts', 'README.md', 'é/ü.ts', 'a.txt']);
const treePath = fc.oneof(fc.constantFrom(...TREE, 'src', 'src/b'), hostilePath);
const number = fc.oneof(fc.integer({ min: -5, max: 500 }), fc.constantFrom(0.5, 1e21, -0, Number.MAX_SAFE_INTEGER), hostileJson);

const operation = fc.oneof(
  fc.record({ kind: fc.constant('head'), path: treePath, maxLines: number }),
  fc.record({ kind: fc.constant('chunk'), path: treePath, startLine: number, endLine: number }),
  fc.record(
    { kind: fc.constant('search'), query: hostileString, scope: fc.option(treePath, { nil: undefined }) },
    { requiredKeys: ['kind', 'query'] },
  ),
  fc.record({ kind: fc.constantFrom('definition', 'references'), symbol: hostileString }),
  fc.record({ kind: fc.constant('map'), focus: fc.array(hostileString, { maxLength: 12 }), tokens: number }, { requiredKeys: ['kind'] }),
  hostileJson,
);

/** The planner's JSON as a model might get it wrong: missing, extra and mistyped fields, paths out of the tree. */
const planObject = fc.record(
  {
    intent: fc.oneof(fc.constantFrom('definition', 'usage', 'flow', 'change', 'architecture', 'other'), hostileJson),
    diagramType: fc.constantFrom('architecture', 'component', 'dependency', 'erd', 'flowchart'),
    questions: fc.array(hostileString, { maxLength: 10 }),
    candidates: fc.array(fc.record({ path: treePath, reason: hostileString, priority: number }), { maxLength: 6 }),
    operations: fc.array(operation, { minLength: 1, maxLength: 6 }),
    maxRounds: number,
    extra: hostileJson,
  },
  { requiredKeys: ['intent', 'questions', 'operations'] },
);

/** A plan the schema accepts (paths from the tree, numbers in range), then a few fields removed or retyped. */
const inTree = fc.constantFrom(...TREE);
const validPlan = fc.record(
  {
    intent: fc.constantFrom('definition', 'usage', 'flow', 'change', 'architecture'),
    diagramType: fc.constantFrom('architecture', 'component', 'dependency', 'erd'),
    questions: fc.array(fc.constantFrom('Where is a defined?', 'Who calls b?'), { minLength: 1, maxLength: 3 }),
    candidates: fc.array(
      fc.record({
        path: fc.constantFrom(...TREE, 'src', 'src/b'),
        reason: fc.constant('named in the question'),
        priority: fc.integer({ min: 0, max: 10 }),
      }),
      { maxLength: 4 },
    ),
    operations: fc.array(
      fc.oneof(
        fc.record({ kind: fc.constant('head'), path: inTree, maxLines: fc.integer({ min: 1, max: 400 }) }),
        fc.record({
          kind: fc.constant('chunk'),
          path: inTree,
          startLine: fc.integer({ min: 1, max: 50 }),
          endLine: fc.integer({ min: 1, max: 80 }),
        }),
        fc.record({ kind: fc.constant('search'), query: fc.constantFrom('createStore', 'todo') }),
        fc.record({ kind: fc.constantFrom('definition', 'references'), symbol: fc.constantFrom('a', 'b') }),
        fc.record({ kind: fc.constant('map'), tokens: fc.integer({ min: 100, max: 8000 }) }, { requiredKeys: ['kind'] }),
      ),
      { minLength: 1, maxLength: 5 },
    ),
    maxRounds: fc.integer({ min: 1, max: 10 }),
  },
  { requiredKeys: ['intent', 'questions', 'candidates', 'operations', 'maxRounds'] },
);
const PLAN_PATHS = [
  'intent',
  'questions',
  'questions.0',
  'candidates',
  'candidates.0.path',
  'operations',
  'operations.0',
  'operations.0.path',
  'operations.0.kind',
  'operations.0.startLine',
  'operations.0.endLine',
  'maxRounds',
  'diagramType',
];

const replyText = fc.oneof(
  { arbitrary: mutatedJson(validPlan, PLAN_PATHS, 2).map((plan) => JSON.stringify(plan)), weight: 3 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('', 'Here is the plan:\n'), mutatedJson(validPlan, PLAN_PATHS, 1))
      .map(([before, plan]) => `${before}\`\`\`json\n${JSON.stringify(plan, null, 2)}\n\`\`\``),
    weight: 2,
  },
  { arbitrary: planObject.map((plan) => JSON.stringify(plan)), weight: 2 },
  {
    arbitrary: fc
      .tuple(hostileString, planObject, hostileString)
      .map(([before, plan, after]) => `${before}\n\`\`\`json\n${JSON.stringify(plan)}\n\`\`\`\n${after}`),
    weight: 2,
  },
  {
    arbitrary: pieceText(['{', '}', '```', '```json', '"intent": "flow"', '"operations": []', ',', ':', '[', ']', '"', '\\'], 30),
    weight: 2,
  },
  { arbitrary: hostileString, weight: 1 },
);

export const planTarget: FuzzTarget<string> = {
  name: 'planner: parseJsonReply + checkPlan',
  runs: 10_000,
  arbitrary: replyText,
  check: (text): Verdict | undefined => {
    const checked = checkPlan(parseJsonReply(text), TREE, DEFAULT_BUDGET);
    if (!checked.ok) return checked.problems.length > 0 ? undefined : { violation: 'refused without a problem' };
    const { plan } = checked;
    const inTree = (p: string) => TREE.has(p) || [...TREE].some((t) => t.startsWith(`${p}/`));
    const outside = [...plan.candidates.map((c) => c.path), ...plan.operations.flatMap((op) => ('path' in op ? [op.path] : []))].find(
      (p) => !isValidRepoPath(p) || !inTree(p),
    );
    if (outside !== undefined) return { escape: `the plan kept ${JSON.stringify(outside.slice(0, 80))}` };
    if (plan.maxRounds > DEFAULT_BUDGET.rounds) return { violation: `maxRounds ${plan.maxRounds} is over the budget` };
    return plan.operations.length > 0 ? { accepted: true } : { violation: 'an accepted plan with nothing to do' };
  },
};
