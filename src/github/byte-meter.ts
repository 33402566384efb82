/** What a GitHub response was for; each kind is counted on its own as well as in the total. */
export type FetchKind = 'metadata' | 'refs' | 'tree' | 'blob' | 'tarball';

/**
 * Counts response bytes (after HTTP content decoding, as the body is read)
 * so a run can charge what it pulled from GitHub against its byte budget.
 */
export class ByteMeter {
  total = 0;
  readonly byKind: Record<FetchKind, number> = { metadata: 0, refs: 0, tree: 0, blob: 0, tarball: 0 };

  add(kind: FetchKind, bytes: number): void {
    this.total += bytes;
    this.byKind[kind] += bytes;
  }
}
