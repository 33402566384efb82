import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { indexRepository } from '../../../src/core/code-index/index-repository.js';
import { IndexStore } from '../../../src/core/code-index/index-store.js';
import { kindNameSql } from '../../../src/core/code-index/stored-kinds.js';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import { copyFixtureRepo, makeTempDir } from '../../helpers/temp-repo.js';

/**
 * The file-level graph each fixture repository must yield: imports resolved
 * to files (relative, package, module and namespace forms), and calls, types
 * and inheritance linked to the files that define them.
 */
const EXPECTED: Record<string, [string, string, string][]> = {
  typescript: [
    ['src/App.tsx', 'call', 'src/store.ts'],
    ['src/App.tsx', 'import', 'src/models.ts'],
    ['src/App.tsx', 'import', 'src/store.ts'],
    ['src/App.tsx', 'type', 'src/models.ts'],
    ['src/store.ts', 'call', 'src/models.ts'],
    ['src/store.ts', 'import', 'src/models.ts'],
    ['src/store.ts', 'type', 'src/models.ts'],
  ],
  javascript: [
    ['src/logger.js', 'call', 'src/timed-logger.js'],
    ['src/main.mjs', 'call', 'src/logger.js'],
    ['src/main.mjs', 'call', 'src/timed-logger.js'],
    ['src/main.mjs', 'import', 'src/timed-logger.js'],
    ['src/timed-logger.js', 'call', 'src/logger.js'],
    ['src/timed-logger.js', 'import', 'src/logger.js'],
    ['src/timed-logger.js', 'inherit', 'src/logger.js'],
  ],
  python: [
    ['inventory/__init__.py', 'import', 'inventory/models.py'],
    ['inventory/__init__.py', 'import', 'inventory/warehouse.py'],
    ['inventory/warehouse.py', 'call', 'inventory/models.py'],
    ['inventory/warehouse.py', 'import', 'inventory/models.py'],
    ['inventory/warehouse.py', 'type', 'inventory/models.py'],
  ],
  go: [
    ['main.go', 'call', 'store/store.go'],
    ['main.go', 'import', 'store/store.go'],
    ['main.go', 'type', 'store/store.go'],
  ],
  rust: [
    ['src/main.rs', 'call', 'src/report.rs'],
    ['src/main.rs', 'call', 'src/shapes.rs'],
    ['src/main.rs', 'contains', 'src/report.rs'],
    ['src/main.rs', 'contains', 'src/shapes.rs'],
    ['src/main.rs', 'import', 'src/report.rs'],
    ['src/main.rs', 'import', 'src/shapes.rs'],
    ['src/main.rs', 'type', 'src/shapes.rs'],
    ['src/report.rs', 'call', 'src/shapes.rs'],
    ['src/report.rs', 'import', 'src/shapes.rs'],
    ['src/report.rs', 'type', 'src/shapes.rs'],
  ],
  java: [
    ['src/main/java/com/acme/shop/model/Gift.java', 'inherit', 'src/main/java/com/acme/shop/model/Product.java'],
    ['src/main/java/com/acme/shop/model/Gift.java', 'type', 'src/main/java/com/acme/shop/model/Product.java'],
    ['src/main/java/com/acme/shop/model/Product.java', 'inherit', 'src/main/java/com/acme/shop/model/Priced.java'],
    ['src/main/java/com/acme/shop/model/Product.java', 'type', 'src/main/java/com/acme/shop/model/Priced.java'],
    ['src/main/java/com/acme/shop/service/Cart.java', 'call', 'src/main/java/com/acme/shop/model/Priced.java'],
    ['src/main/java/com/acme/shop/service/Cart.java', 'call', 'src/main/java/com/acme/shop/model/Product.java'],
    ['src/main/java/com/acme/shop/service/Cart.java', 'import', 'src/main/java/com/acme/shop/model/Priced.java'],
    ['src/main/java/com/acme/shop/service/Cart.java', 'import', 'src/main/java/com/acme/shop/model/Product.java'],
    ['src/main/java/com/acme/shop/service/Cart.java', 'inherit', 'src/main/java/com/acme/shop/model/Priced.java'],
    ['src/main/java/com/acme/shop/service/Cart.java', 'type', 'src/main/java/com/acme/shop/model/Priced.java'],
    ['src/main/java/com/acme/shop/service/Cart.java', 'type', 'src/main/java/com/acme/shop/model/Product.java'],
  ],
  ruby: [
    ['lib/shop.rb', 'call', 'lib/shop/cart.rb'],
    ['lib/shop.rb', 'call', 'lib/shop/product.rb'],
    ['lib/shop.rb', 'import', 'lib/shop/cart.rb'],
    ['lib/shop.rb', 'import', 'lib/shop/product.rb'],
  ],
  c: [
    ['src/list.c', 'call', 'src/list.h'],
    ['src/list.c', 'import', 'src/list.h'],
    ['src/list.c', 'type', 'src/list.h'],
    ['src/main.c', 'call', 'src/list.c'],
    ['src/main.c', 'call', 'src/list.h'],
    ['src/main.c', 'import', 'src/list.h'],
    ['src/main.c', 'type', 'src/list.h'],
  ],
  cpp: [
    ['src/main.cpp', 'call', 'include/geo/shape.hpp'],
    ['src/main.cpp', 'call', 'src/shape.cpp'],
    ['src/main.cpp', 'import', 'include/geo/shape.hpp'],
    ['src/main.cpp', 'inherit', 'include/geo/shape.hpp'],
    ['src/main.cpp', 'type', 'include/geo/shape.hpp'],
    ['src/shape.cpp', 'call', 'include/geo/shape.hpp'],
    ['src/shape.cpp', 'call', 'src/main.cpp'],
    ['src/shape.cpp', 'import', 'include/geo/shape.hpp'],
    ['src/shape.cpp', 'type', 'include/geo/shape.hpp'],
  ],
  csharp: [
    ['src/Program.cs', 'call', 'src/Models/Account.cs'],
    ['src/Program.cs', 'call', 'src/Services/Ledger.cs'],
    ['src/Program.cs', 'import', 'src/Models/Account.cs'],
    ['src/Program.cs', 'import', 'src/Services/Ledger.cs'],
    ['src/Program.cs', 'type', 'src/Models/Account.cs'],
    ['src/Program.cs', 'type', 'src/Services/Ledger.cs'],
    ['src/Services/Ledger.cs', 'call', 'src/Models/Account.cs'],
    ['src/Services/Ledger.cs', 'import', 'src/Models/Account.cs'],
    ['src/Services/Ledger.cs', 'type', 'src/Models/Account.cs'],
  ],
  php: [
    ['index.php', 'call', 'src/Repository/UserRepository.php'],
    ['index.php', 'import', 'src/Models/User.php'],
    ['index.php', 'import', 'src/Repository/UserRepository.php'],
    ['index.php', 'type', 'src/Repository/UserRepository.php'],
    ['src/Repository/UserRepository.php', 'call', 'src/Models/User.php'],
    ['src/Repository/UserRepository.php', 'import', 'src/Models/User.php'],
    ['src/Repository/UserRepository.php', 'type', 'src/Models/User.php'],
  ],
};

let store: IndexStore | undefined;
afterEach(() => store?.close());

describe('indexRepository on the fixture repositories', () => {
  it.each(Object.keys(EXPECTED))('links the %s fixture exactly as expected', async (language) => {
    const root = copyFixtureRepo(language);
    store = await IndexStore.openWriter(path.join(makeTempDir(), 'index.sqlite'));
    const stats = await indexRepository(new LocalRepoSource(root), store, { workers: 0 });
    expect(stats.parseErrors).toBe(0);
    const edges = store.db
      .prepare(
        `SELECT a.path, ${kindNameSql('edge', 'e.kind')}, b.path FROM edges e JOIN files a ON a.id = e.src_file_id
       JOIN files b ON b.id = e.dst_file_id ORDER BY 1, 2, 3`,
      )
      .raw()
      .all();
    expect(edges).toEqual(EXPECTED[language]);
  });
});
