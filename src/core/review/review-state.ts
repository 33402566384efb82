import { createHash } from 'node:crypto';
import { z } from 'zod';

/** What nanodex remembers about a pull request, hidden in its sticky summary comment. */
export interface ReviewState {
  /** Head shas already reviewed, oldest first; the last is where the next re-review starts. */
  reviewedShas: string[];
  /** Findings already raised, so a re-review does not repeat them. */
  fingerprints: string[];
}

/** Bounds that keep the hidden block a few KB in a 65,536-character comment, however long the pull request lives. */
const MAX_SHAS = 100;
const MAX_FINGERPRINTS = 500;

const BLOCK = /\n*<!-- nanodex:review-state (\{[^\n]*?\}) -->/;
const FINDING = /<!-- nanodex:finding:([0-9a-f]{16}) -->/;

const stateSchema = z.object({
  reviewedShas: z.array(z.string().regex(/^[0-9a-f]{7,64}$/)),
  fingerprints: z.array(z.string().regex(/^[0-9a-f]{16}$/)),
});

/** The state in a sticky comment's body; undefined when there is none or it does not parse (then nothing was reviewed). */
export function readReviewState(body: string): ReviewState | undefined {
  const found = BLOCK.exec(body);
  if (found === null) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(found[1]!);
  } catch {
    return undefined; // a hand-edited block: starting over costs one full review, nothing worse
  }
  const parsed = stateSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** The body with its state block replaced (or appended), keeping only the newest shas and fingerprints. */
export function writeReviewState(body: string, state: ReviewState): string {
  const kept: ReviewState = {
    reviewedShas: [...new Set(state.reviewedShas)].slice(-MAX_SHAS),
    fingerprints: [...new Set(state.fingerprints)].slice(-MAX_FINGERPRINTS),
  };
  // Shas and fingerprints are hex, so the JSON cannot close the HTML comment; the schema on reading enforces it.
  return `${body.replace(BLOCK, '').trimEnd()}\n\n<!-- nanodex:review-state ${JSON.stringify(kept)} -->`;
}

/** A finding's identity across pushes: the file, the code it quotes (whitespace aside) and what raised it; not the line. */
export function fingerprintFinding(finding: { path: string; quote: string; kind: string }): string {
  const quote = finding.quote.replace(/\s+/g, ' ').trim();
  return createHash('sha1').update(`${finding.path}\0${quote}\0${finding.kind}`).digest('hex').slice(0, 16);
}

export function markFingerprint(commentBody: string, fingerprint: string): string {
  return `${commentBody}\n\n<!-- nanodex:finding:${fingerprint} -->`;
}

export function readFingerprint(commentBody: string): string | undefined {
  return FINDING.exec(commentBody)?.[1];
}
