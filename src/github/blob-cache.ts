/**
 * Decoded blobs by sha, so a file is fetched once however often (or however
 * concurrently) it is read. Holds at most `maxBytes`; the oldest blobs go
 * first. A blob fetched again after eviction is not charged again: the run
 * already paid for it.
 */
export class BlobCache {
  private readonly done = new Map<string, Buffer>();
  private readonly pending = new Map<string, Promise<Buffer>>();
  private readonly charged = new Set<string>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** `fetch` runs only on a miss; `charge` says whether its bytes count against the budget. */
  get(sha: string, fetch: (charge: boolean) => Promise<Buffer>): Promise<Buffer> {
    const cached = this.done.get(sha);
    if (cached) return Promise.resolve(cached);
    const inFlight = this.pending.get(sha);
    if (inFlight) return inFlight;
    const charge = !this.charged.has(sha);
    const promise = fetch(charge)
      .then((bytes) => {
        this.charged.add(sha);
        this.remember(sha, bytes);
        return bytes;
      })
      .finally(() => this.pending.delete(sha));
    this.pending.set(sha, promise);
    return promise;
  }

  private remember(sha: string, bytes: Buffer): void {
    this.done.set(sha, bytes);
    this.bytes += bytes.byteLength;
    for (const [oldSha, old] of this.done) {
      if (this.bytes <= this.maxBytes || oldSha === sha) break;
      this.done.delete(oldSha);
      this.bytes -= old.byteLength;
    }
  }
}
