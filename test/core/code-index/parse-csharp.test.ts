import { describe, expect, it } from 'vitest';
import { definitions, enclosingOf, imports, parseFixture, references, signatureOf } from './fixture.js';

describe('parseFile', () => {
  describe('on C#', () => {
    it('finds a namespace with interfaces, classes, constructors, methods and const fields inside', async () => {
      const account = await parseFixture('csharp', 'src/Models/Account.cs');
      expect(definitions(account)).toEqual([
        ['Bank.Models', 'module', '', 3],
        ['IAccount', 'interface', 'Bank.Models', 5],
        ['Deposit', 'method', 'Bank.Models.IAccount', 8],
        ['Account', 'class', 'Bank.Models', 11],
        ['MinimumDeposit', 'constant', 'Bank.Models.Account', 13],
        ['Account', 'method', 'Bank.Models.Account', 15],
        ['Deposit', 'method', 'Bank.Models.Account', 23],
        ['SavingsAccount', 'class', 'Bank.Models', 30],
        ['SavingsAccount', 'method', 'Bank.Models.SavingsAccount', 32],
        ['Interest', 'method', 'Bank.Models.SavingsAccount', 34],
      ]);
    });

    it('keeps declaration heads as signatures, expression bodies and constant values left out', async () => {
      const account = await parseFixture('csharp', 'src/Models/Account.cs');
      expect(signatureOf(account, 'SavingsAccount')).toBe('public sealed class SavingsAccount : Account');
      expect(signatureOf(account, 'Interest')).toBe('public decimal Interest(decimal rate)');
      expect(signatureOf(account, 'MinimumDeposit')).toBe('public const decimal MinimumDeposit');
    });

    it('records base lists as inheritance, and new', async () => {
      const account = await parseFixture('csharp', 'src/Models/Account.cs');
      expect(references(account)).toEqual([
        ['IAccount', 'inherit', 11],
        ['ArgumentNullException', 'new', 17],
        ['ArgumentNullException', 'type', 17],
        ['nameof', 'call', 17],
        ['ArgumentOutOfRangeException', 'new', 25],
        ['ArgumentOutOfRangeException', 'type', 25],
        ['nameof', 'call', 25],
        ['Account', 'inherit', 30],
      ]);
    });

    it('finds records and classes after a file-scoped namespace', async () => {
      const ledger = await parseFixture('csharp', 'src/Services/Ledger.cs');
      expect(definitions(ledger)).toEqual([
        ['Bank.Services', 'module', '', 5],
        ['Entry', 'class', '', 7],
        ['Ledger', 'class', '', 9],
        ['Record', 'method', 'Ledger', 13],
        ['Total', 'method', 'Ledger', 19],
      ]);
    });

    it('records calls into another file and types used in declarations and generic arguments', async () => {
      const ledger = await parseFixture('csharp', 'src/Services/Ledger.cs');
      expect(references(ledger)).toEqual([
        ['List', 'type', 11],
        ['Entry', 'type', 11],
        ['List', 'new', 11],
        ['List', 'type', 11],
        ['Entry', 'type', 11],
        ['IAccount', 'type', 13],
        ['Deposit', 'call', 15],
        ['Add', 'call', 16],
        ['Entry', 'new', 16],
        ['Entry', 'type', 16],
        ['Sum', 'call', 19],
      ]);
      expect(enclosingOf(ledger, 'Deposit', 'call')).toBe('Record');
    });

    it('records references in top-level statements with no enclosing symbol', async () => {
      const program = await parseFixture('csharp', 'src/Program.cs');
      expect(definitions(program)).toEqual([]);
      expect(references(program)).toEqual([
        ['SavingsAccount', 'new', 5],
        ['SavingsAccount', 'type', 5],
        ['Ledger', 'new', 6],
        ['Ledger', 'type', 6],
        ['Record', 'call', 7],
        ['WriteLine', 'call', 8],
        ['Total', 'call', 8],
      ]);
      expect(program.references.every((r) => r.enclosing === undefined)).toBe(true);
    });

    it('reads using directives as imports', async () => {
      expect(imports(await parseFixture('csharp', 'src/Services/Ledger.cs'))).toEqual([
        ['System.Collections.Generic', 1],
        ['System.Linq', 2],
        ['Bank.Models', 3],
      ]);
      expect(imports(await parseFixture('csharp', 'src/Program.cs'))).toEqual([
        ['System', 1],
        ['Bank.Models', 2],
        ['Bank.Services', 3],
      ]);
    });
  });
});
