import type { ActionContext, ActionOutcome } from './action-context.js';
import { toRunFailure } from './action-context.js';
import { openActionRunner } from './open-action-runner.js';

/**
 * `schedule` and `push` (and `workflow_dispatch` with `command: index`):
 * restore the cached index, bring it up to date, save it under the new tree.
 */
export async function handleIndexOnly(context: ActionContext, why: string): Promise<ActionOutcome> {
  const runner = await openActionRunner(context);
  runner.close();
  const { stats, cache } = runner.index;
  const changed = stats.added + stats.changed + stats.removed;
  return {
    handled: 'index',
    headline: `Indexed ${context.env.owner}/${context.env.repo} (${why}): ${stats.files} files, ${changed} changed since the cached index (cache: ${cache.status}).`,
    index: runner.index,
    notices: cache.saveProblem === undefined ? [] : [`The index was not saved to the Actions cache: ${cache.saveProblem}`],
  };
}

/** `workflow_dispatch`: the command and prompt come from the inputs; the answer goes to the job summary. */
export async function handleDispatch(context: ActionContext): Promise<ActionOutcome> {
  const { command, prompt } = context.inputs;
  if (command === 'index') return handleIndexOnly(context, 'workflow_dispatch');
  const runner = await openActionRunner(context);
  try {
    const result = await runner.runRequest({ command, prompt });
    return {
      handled: 'dispatch',
      headline: `Ran \`${'command' in result ? result.command : command}\` on ${context.env.owner}/${context.env.repo} (workflow_dispatch): ${result.kind}.`,
      result,
      index: runner.index,
      notices: runner.notices,
      failure: toRunFailure(result),
    };
  } finally {
    runner.close();
  }
}
