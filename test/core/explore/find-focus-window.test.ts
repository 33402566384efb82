import { describe, expect, it } from 'vitest';
import { findFocusWindow } from '../../../src/core/explore/find-focus-window.js';

describe('findFocusWindow', () => {
  it('centres the window on the densest lines of a range of 200,000 lines without overflowing the stack', () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => (i === 150_000 ? 'retry the upload with backoff' : `x${i % 7}`));
    const window = findFocusWindow(lines, { start: 1, end: lines.length }, 'retry the upload');
    expect(window.start).toBeLessThanOrEqual(150_001);
    expect(window.end).toBeGreaterThanOrEqual(150_001);
    expect(window.end - window.start).toBeLessThan(200);
  });
});
