import { expect } from 'vitest';
import { checkCompiledMermaid } from '../../../src/core/diagram/check-compiled-mermaid.js';
import { parseWithMermaid } from '../../../src/core/diagram/validate-mermaid.js';

/**
 * A diagram the code produced is accepted by the fast check and by Mermaid's
 * own parser, with the same type: every diagram a test makes is one more
 * proof that the fast check (which posts without loading Mermaid) accepts
 * only what Mermaid does.
 */
export async function expectMermaidParses(text: string): Promise<void> {
  const fast = checkCompiledMermaid(text);
  expect(fast, text).toMatchObject({ ok: true });
  expect(await parseWithMermaid(text), text).toEqual(fast);
}
