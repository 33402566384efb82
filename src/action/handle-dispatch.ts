import { runInWorkspace } from '../core/index.js';
import type { ActionContext, ActionOutcome } from './action-context.js';
import { toRunFailure } from './action-context.js';
import { toActionWorkspace, toRunConfig } from './action-workspace.js';

/**
 * `schedule` and `push` (and `workflow_dispatch` with `command: index`):
 * restore the cached index, bring it up to date, save it under the new tree.
 */
export async function handleIndexOnly(context: ActionContext, why: string): Promise<ActionOutcome> {
  const workspace = await toActionWorkspace(context);
  (await workspace.ports.workspace.open()).close();
  const { stats, cache } = workspace.index!;
  const changed = stats.added + stats.changed + stats.removed;
  return {
    handled: 'index',
    headline: `Indexed ${context.env.owner}/${context.env.repo} (${why}): ${stats.files} files, ${changed} changed since the cached index (cache: ${cache.status}).`,
    index: workspace.index,
    notices: cache.saveProblem === undefined ? [] : [`The index was not saved to the Actions cache: ${cache.saveProblem}`],
  };
}

/** `workflow_dispatch`: the command and prompt come from the inputs; the answer goes to the job summary. */
export async function handleDispatch(context: ActionContext): Promise<ActionOutcome> {
  const { command, prompt } = context.inputs;
  if (command === 'index') return handleIndexOnly(context, 'workflow_dispatch');
  const workspace = await toActionWorkspace(context);
  const result = await runInWorkspace({ command, prompt, budget: toRunConfig(context).budget }, workspace.ports);
  return {
    handled: 'dispatch',
    headline: `Ran \`${'command' in result ? result.command : command}\` on ${context.env.owner}/${context.env.repo} (workflow_dispatch): ${result.kind}.`,
    result,
    index: workspace.index,
    notices: workspace.notices,
    failure: toRunFailure(result),
  };
}
