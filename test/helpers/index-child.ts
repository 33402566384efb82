// Indexes a repository and reports progress on stdout, for the crash-safety tests to kill midway. Given a
// third argument, it stops dead once that many files are parsed (blocking its only thread) and waits there
// for the SIGKILL: however slow the parent is to read the progress, the build cannot finish first.
import { writeSync } from 'node:fs';
import { indexRepository } from '../../src/core/code-index/index-repository.js';
import { IndexStore } from '../../src/core/code-index/index-store.js';
import { LocalRepoSource } from '../../src/core/repo/local-repo-source.js';

const [root, indexFile, stopAt] = process.argv.slice(2);
const stopAfter = stopAt === undefined ? Infinity : Number(stopAt);
const store = await IndexStore.openWriter(indexFile!);
await indexRepository(new LocalRepoSource(root!), store, {
  workers: 0,
  onProgress: (p) => {
    if (p.phase !== 'parsing') return;
    writeSync(1, `${p.done}\n`); // written before the thread blocks, whatever the platform does with pipes
    if (p.done >= stopAfter) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120_000);
  },
});
store.close();
process.stdout.write('finished\n');
