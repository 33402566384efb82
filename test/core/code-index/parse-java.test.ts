import { describe, expect, it } from 'vitest';
import { definitions, enclosingOf, imports, parseFixture, references, signatureOf } from './fixture.js';

const MODEL = 'src/main/java/com/acme/shop/model';
const SERVICE = 'src/main/java/com/acme/shop/service';

describe('parseFile', () => {
  describe('on Java', () => {
    it('finds classes with constructors, methods and static final constants scoped to them', async () => {
      const product = await parseFixture('java', `${MODEL}/Product.java`);
      expect(definitions(product)).toEqual([
        ['Product', 'class', '', 5],
        ['DEFAULT_CURRENCY', 'constant', 'Product', 6],
        ['Product', 'method', 'Product', 11],
        ['name', 'method', 'Product', 16],
        ['priceCents', 'method', 'Product', 20],
      ]);
    });

    it('finds interfaces with their abstract methods', async () => {
      const priced = await parseFixture('java', `${MODEL}/Priced.java`);
      expect(definitions(priced)).toEqual([
        ['Priced', 'interface', '', 4],
        ['priceCents', 'method', 'Priced', 5],
      ]);
      expect(references(priced)).toEqual([]);
      expect(imports(priced)).toEqual([]);
    });

    it('finds nested enums', async () => {
      const cart = await parseFixture('java', `${SERVICE}/Cart.java`);
      expect(definitions(cart)).toEqual([
        ['Cart', 'class', '', 9],
        ['Status', 'enum', 'Cart', 10],
        ['add', 'method', 'Cart', 15],
        ['priceCents', 'method', 'Cart', 20],
        ['checkout', 'method', 'Cart', 25],
      ]);
    });

    it('keeps declaration heads, without annotations, as signatures', async () => {
      const product = await parseFixture('java', `${MODEL}/Product.java`);
      expect(signatureOf(product, 'Product')).toBe('public class Product implements Priced');
      expect(signatureOf(product, 'priceCents')).toBe('public long priceCents()');
      const gift = await parseFixture('java', `${MODEL}/Gift.java`);
      expect(signatureOf(gift, 'Gift')).toBe('public final class Gift extends Product');
    });

    it('records extends and implements as inheritance', async () => {
      const gift = await parseFixture('java', `${MODEL}/Gift.java`);
      expect(definitions(gift)).toEqual([
        ['Gift', 'class', '', 4],
        ['Gift', 'method', 'Gift', 5],
      ]);
      expect(references(gift)).toEqual([
        ['Product', 'inherit', 4],
        ['Product', 'type', 4],
        ['String', 'type', 5],
      ]);
      const product = await parseFixture('java', `${MODEL}/Product.java`);
      expect(references(product, 'inherit')).toEqual([['Priced', 'inherit', 5]]);
    });

    it('records imported names, calls, method references, new and type uses', async () => {
      const cart = await parseFixture('java', `${SERVICE}/Cart.java`);
      expect(references(cart)).toEqual([
        ['ArrayList', 'import', 3],
        ['List', 'import', 4],
        ['Priced', 'import', 6],
        ['Product', 'import', 7],
        ['Priced', 'inherit', 9],
        ['Priced', 'type', 9],
        ['List', 'type', 12],
        ['Product', 'type', 12],
        ['ArrayList', 'new', 12],
        ['ArrayList', 'type', 12],
        ['Status', 'type', 13],
        ['Cart', 'type', 15],
        ['String', 'type', 15],
        ['add', 'call', 16],
        ['Product', 'new', 16],
        ['Product', 'type', 16],
        ['Override', 'type', 20],
        ['stream', 'call', 22],
        ['mapToLong', 'call', 22],
        ['priceCents', 'call', 22],
        ['sum', 'call', 22],
      ]);
      expect(enclosingOf(cart, 'Product', 'new')).toBe('add');
    });

    it('reads fully qualified imports as sources', async () => {
      expect(imports(await parseFixture('java', `${SERVICE}/Cart.java`))).toEqual([
        ['java.util.ArrayList', 3],
        ['java.util.List', 4],
        ['com.acme.shop.model.Priced', 6],
        ['com.acme.shop.model.Product', 7],
      ]);
      expect(imports(await parseFixture('java', `${MODEL}/Product.java`))).toEqual([['java.util.Objects', 3]]);
    });
  });
});
