import { BoundedSet } from './bounded-set.js';

/** People remembered; past this the oldest is forgotten (its sticky comment still stops a second one). */
const DEFAULT_REMEMBERED = 10_000;

/**
 * Who was already told "no" on which issue or pull request. A refused user
 * gets at most one short reply per thread: the first refusal is posted as a
 * sticky comment keyed by their login, every later one costs no API call and
 * posts nothing (after a restart, the sticky comment is updated, not repeated).
 * Without this, each mention by an outsider would buy one comment from the
 * App: a spam channel.
 */
export class RefusalMemory {
  private readonly told: BoundedSet<string>;

  constructor(limit = DEFAULT_REMEMBERED) {
    this.told = new BoundedSet(limit);
  }

  /** Whether this login was already told on this thread. */
  wasTold(thread: { owner: string; repo: string; issueNumber: number }, login: string): boolean {
    return this.told.has(toKey(thread, login));
  }

  /** Called once the refusal is posted: a failed post leaves the person to be told next time. */
  remember(thread: { owner: string; repo: string; issueNumber: number }, login: string): void {
    this.told.add(toKey(thread, login));
  }
}

function toKey(thread: { owner: string; repo: string; issueNumber: number }, login: string): string {
  return `${thread.owner}/${thread.repo}#${thread.issueNumber}@${login}`.toLowerCase();
}
