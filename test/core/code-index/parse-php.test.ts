import { describe, expect, it } from 'vitest';
import { definitions, enclosingOf, imports, parseFixture, references, signatureOf } from './fixture.js';

describe('parseFile', () => {
  describe('on PHP', () => {
    it('finds namespaces, interfaces, classes, class constants and methods', async () => {
      const user = await parseFixture('php', 'src/Models/User.php');
      expect(definitions(user)).toEqual([
        ['App\\Models', 'module', '', 5],
        ['HasEmail', 'interface', '', 7],
        ['email', 'method', 'HasEmail', 9],
        ['User', 'class', '', 12],
        ['ROLE_DEFAULT', 'constant', 'User', 14],
        ['__construct', 'method', 'User', 16],
        ['email', 'method', 'User', 20],
        ['Admin', 'class', '', 26],
        ['permissions', 'method', 'Admin', 28],
      ]);
    });

    it('keeps declaration heads as signatures', async () => {
      const user = await parseFixture('php', 'src/Models/User.php');
      expect(signatureOf(user, 'Admin')).toBe('final class Admin extends User');
      expect(signatureOf(user, 'email')).toBe('public function email(): string;');
    });

    it('records extends and implements as inheritance', async () => {
      const user = await parseFixture('php', 'src/Models/User.php');
      expect(references(user)).toEqual([
        ['HasEmail', 'inherit', 12],
        ['strtolower', 'call', 22],
        ['User', 'inherit', 26],
      ]);
    });

    it('finds traits, and records a trait used in a class as inheritance', async () => {
      const repository = await parseFixture('php', 'src/Repository/UserRepository.php');
      expect(definitions(repository)).toEqual([
        ['App\\Repository', 'module', '', 5],
        ['CountsItems', 'trait', '', 10],
        ['count', 'method', 'CountsItems', 12],
        ['UserRepository', 'class', '', 18],
        ['add', 'method', 'UserRepository', 25],
        ['withAdmin', 'method', 'UserRepository', 31],
      ]);
      expect(references(repository, 'inherit')).toEqual([['CountsItems', 'inherit', 20]]);
    });

    it('records imported names, method calls, new and parameter types, but not new self', async () => {
      const repository = await parseFixture('php', 'src/Repository/UserRepository.php');
      expect(references(repository)).toEqual([
        ['User', 'import', 7],
        ['Admin', 'import', 8],
        ['HasEmail', 'import', 8],
        ['count', 'call', 14],
        ['CountsItems', 'inherit', 20],
        ['User', 'type', 25],
        ['email', 'call', 27],
        ['add', 'call', 33],
        ['Admin', 'new', 33],
      ]);
      expect(enclosingOf(repository, 'Admin', 'new')).toBe('withAdmin');
    });

    it('records static calls into another file and calls of top-level functions', async () => {
      const index = await parseFixture('php', 'index.php');
      expect(definitions(index)).toEqual([['main', 'function', '', 8]]);
      expect(references(index)).toEqual([
        ['UserRepository', 'import', 6],
        ['UserRepository', 'type', 10],
        ['withAdmin', 'call', 10],
        ['printf', 'call', 11],
        ['count', 'call', 11],
        ['main', 'call', 14],
      ]);
    });

    it('reads use names, group prefixes and require/include paths as imports', async () => {
      expect(imports(await parseFixture('php', 'src/Repository/UserRepository.php'))).toEqual([
        ['App\\Models\\User', 7],
        ['App\\Models', 8],
      ]);
      expect(imports(await parseFixture('php', 'index.php'))).toEqual([
        ['/src/Models/User.php', 3],
        ['/src/Repository/UserRepository.php', 4],
        ['App\\Repository\\UserRepository', 6],
      ]);
    });
  });
});
