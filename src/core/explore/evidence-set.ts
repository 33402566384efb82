import { classifyFile } from '../repo/classify-file.js';
import { splitReasons } from './split-reasons.js';
import type { EvidenceItem } from './types.js';

/**
 * The evidence gathered so far. Overlapping or touching ranges of one file
 * merge (their reasons kept); items whose path is not in the tree are dropped
 * and counted.
 */
export class EvidenceSet {
  private readonly items: EvidenceItem[] = [];
  dropped = 0;

  constructor(private readonly inTree: (path: string) => boolean) {}

  /** Adds an item; returns the item it ended up in (merged or new), or undefined if dropped. */
  add(item: EvidenceItem, lines: (start: number, end: number) => string): EvidenceItem | undefined {
    if (!this.inTree(item.path)) {
      this.dropped += 1;
      return undefined;
    }
    const overlapping = this.items.filter(
      (e) => e.path === item.path && e.startLine <= item.endLine + 1 && item.startLine <= e.endLine + 1,
    );
    if (overlapping.length === 0) {
      this.items.push(item);
      return item;
    }
    const startLine = Math.min(item.startLine, ...overlapping.map((e) => e.startLine));
    const endLine = Math.max(item.endLine, ...overlapping.map((e) => e.endLine));
    const reasons = [...new Set([...overlapping.flatMap((e) => splitReasons(e.reason)), ...splitReasons(item.reason)])];
    const merged: EvidenceItem = {
      ...overlapping[0]!,
      startLine,
      endLine,
      snippet: lines(startLine, endLine),
      reason: reasons.join('; '),
      round: Math.min(item.round, ...overlapping.map((e) => e.round)),
      relevance: Math.max(item.relevance ?? 0, ...overlapping.map((e) => e.relevance ?? 0)),
    };
    if (item.flow || overlapping.some((e) => e.flow)) merged.flow = true;
    for (const e of overlapping) this.items.splice(this.items.indexOf(e), 1);
    this.items.push(merged);
    return merged;
  }

  /** Whether one item already holds every line from start to end. */
  covers(path: string, start: number, end: number): boolean {
    return this.items.some((e) => e.path === path && e.startLine <= start && end <= e.endLine);
  }

  /** Marks the items that hold every line from start to end as the flow of a named definition (a callee read there). */
  markFlow(path: string, start: number, end: number): void {
    for (const e of this.items) if (e.path === path && e.startLine <= start && end <= e.endLine) e.flow = true;
  }

  has(path: string, line: number): boolean {
    return this.items.some((e) => e.path === path && e.startLine <= line && line <= e.endLine);
  }

  /**
   * Items by relevance to the question (best first), then in file order; type declarations (`.d.ts`, `.pyi`)
   * after the code they describe when the set holds any (`index.d.cts` sorted before `lib/core/AxiosHeaders.js`).
   */
  list(): EvidenceItem[] {
    const declaration = new Map(this.items.map((e) => [e.path, classifyFile(e.path).kind === 'declaration' ? 1 : 0]));
    const demote = [...declaration.values()].some((d) => d === 0);
    return [...this.items].sort(
      (a, b) =>
        (demote ? declaration.get(a.path)! - declaration.get(b.path)! : 0) ||
        (b.relevance ?? 0) - (a.relevance ?? 0) ||
        (a.path < b.path ? -1 : a.path > b.path ? 1 : a.startLine - b.startLine),
    );
  }

  /** Lines held, over all items. */
  get lines(): number {
    return this.items.reduce((n, e) => n + e.endLine - e.startLine + 1, 0);
  }

  get size(): number {
    return this.items.length;
  }
}
