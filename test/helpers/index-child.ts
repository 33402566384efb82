// Indexes a repository and reports progress on stdout, for the crash-safety test to kill midway.
import { indexRepository } from '../../src/core/code-index/index-repository.js';
import { IndexStore } from '../../src/core/code-index/index-store.js';
import { LocalRepoSource } from '../../src/core/repo/local-repo-source.js';

const [root, indexFile] = process.argv.slice(2);
const store = await IndexStore.openWriter(indexFile!);
await indexRepository(new LocalRepoSource(root!), store, {
  workers: 0,
  onProgress: (p) => {
    if (p.phase === 'parsing') process.stdout.write(`${p.done}\n`);
  },
});
store.close();
process.stdout.write('finished\n');
