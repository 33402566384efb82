import { describe, expect, it } from 'vitest';
import { HANDLED_EVENTS } from '../../src/app/create-app.js';
import { parseWebhookPayload } from '../../src/github/parse-webhook-payload.js';
import { recordAppHandlers, recordedExamples, toActionable } from '../helpers/record-app-handlers.js';

type Json = Record<string, unknown>;

const EVENT_NAMES = [...new Set(HANDLED_EVENTS.map((e) => e.split('.')[0]!))];
/** Deep enough for every field a handler reads (`pull_request.base.sha`, `comment.user.login`). */
const MAX_DEPTH = 3;
const REPLACEMENTS: unknown[] = [undefined, null, 'text', 7, 1.5, true, [], {}];

/** Every object holding a key, up to MAX_DEPTH, with the key: the places a single-field mutation can hit. */
function* fieldsOf(value: Json, depth = 1): Generator<[Json, string]> {
  for (const key of Object.keys(value)) {
    yield [value, key];
    const child = value[key];
    if (depth < MAX_DEPTH && typeof child === 'object' && child !== null) yield* fieldsOf(child as Json, depth + 1);
  }
}

describe("parseWebhookPayload and the App's handlers", () => {
  it("agree on every single-field mutation of GitHub's recorded deliveries: what it accepts, the handler reads without throwing", async () => {
    const app = recordAppHandlers();
    let accepted = 0;
    let refused = 0;
    const disagreements: string[] = [];
    for (const name of EVENT_NAMES) {
      for (const example of recordedExamples(name)) {
        const payload = toActionable(example);
        if (parseWebhookPayload(name, payload).kind !== 'handled') continue;
        expect((await app.deliver(name, payload)).length, `${name}.${String(payload.action)} enqueues work`).toBeGreaterThan(0);
        for (const [holder, key] of [...fieldsOf(payload)]) {
          const original = holder[key];
          for (const replacement of REPLACEMENTS) {
            if (replacement === undefined) delete holder[key];
            else holder[key] = replacement;
            const verdict = parseWebhookPayload(name, payload).kind;
            if (verdict === 'handled') accepted += 1;
            if (verdict === 'invalid') refused += 1;
            const threw = await app.deliver(name, payload).then(
              () => undefined,
              (error: unknown) => String(error),
            );
            if (verdict === 'handled' && threw !== undefined) disagreements.push(`${name} ${key}=${JSON.stringify(replacement)}: ${threw}`);
          }
          holder[key] = original;
        }
      }
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
    // Both sides were exercised: the sweep reached fields the schema requires and fields it lets through.
    expect(accepted).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(100);
  });
});
