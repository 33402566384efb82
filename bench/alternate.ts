/**
 * Two measurements taken in turn (A B A B …), so a drift in the machine's
 * speed (another job starting, the page cache filling) hits both alike: the
 * same rule as timePair, for measurements that are not one process each
 * (a mention served by the App, a build that must be waited for).
 */
export async function alternate<A, B>(runs: number, a: (run: number) => Promise<A>, b: (run: number) => Promise<B>): Promise<[A[], B[]]> {
  const as: A[] = [];
  const bs: B[] = [];
  for (let run = 0; run < runs; run += 1) {
    as.push(await a(run));
    bs.push(await b(run));
  }
  return [as, bs];
}
