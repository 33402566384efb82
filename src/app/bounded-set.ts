/**
 * A Set that forgets its oldest entry past `limit` (a Set iterates in
 * insertion order): memory stays bounded however long the server runs.
 */
export class BoundedSet<T> {
  private readonly items = new Set<T>();

  constructor(private readonly limit: number) {}

  has(item: T): boolean {
    return this.items.has(item);
  }

  add(item: T): void {
    this.items.add(item);
    if (this.items.size > this.limit) {
      const oldest = this.items.values().next().value;
      if (oldest !== undefined) this.items.delete(oldest);
    }
  }
}
