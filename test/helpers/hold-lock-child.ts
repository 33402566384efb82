// Takes an index's write lock, says so on stdout, and holds it until killed: a writer that dies mid-build.
import { acquireIndexWriteLock } from '../../src/core/code-index/index-write-lock.js';

await acquireIndexWriteLock(process.argv[2]!, { waitMs: 0 });
process.stdout.write('held\n');
setInterval(() => undefined, 60_000);
