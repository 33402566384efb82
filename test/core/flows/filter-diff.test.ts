import { describe, expect, it } from 'vitest';
import { filterDiff } from '../../../src/core/flows/review-change.js';

describe('filterDiff', () => {
  it('keeps added, deleted and renamed files by their new path, matched gitignore-style', () => {
    const diff = [
      'diff --git a/x.lock b/x.lock\nnew file mode 100644\n--- /dev/null\n+++ b/x.lock\n@@ -0,0 +1 @@\n+a\n',
      'diff --git a/src/old.ts b/src/old.ts\ndeleted file mode 100644\n--- a/src/old.ts\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n',
      'diff --git a/a.png b/img/a.png\nsimilarity index 100%\nrename from a.png\nrename to img/a.png\n',
    ].join('');
    expect(filterDiff(diff, { include: ['**'], exclude: ['*.lock'] })).toMatchObject({
      paths: ['src/old.ts', 'img/a.png'],
      dropped: ['x.lock'],
    });
  });
});
