import { describe, expect, it } from 'vitest';
import { definitions, enclosingOf, imports, parseFixture, references, signatureOf } from './fixture.js';

describe('parseFile', () => {
  describe('on Ruby', () => {
    it('finds classes nested in a module and their methods scoped to both', async () => {
      const product = await parseFixture('ruby', 'lib/shop/product.rb');
      expect(definitions(product)).toEqual([
        ['Shop', 'module', '', 1],
        ['Product', 'class', 'Shop', 2],
        ['initialize', 'method', 'Shop.Product', 5],
        ['free?', 'method', 'Shop.Product', 10],
        ['DigitalProduct', 'class', 'Shop', 15],
        ['download_url', 'method', 'Shop.DigitalProduct', 16],
      ]);
    });

    it('finds module constants and singleton methods', async () => {
      const shop = await parseFixture('ruby', 'lib/shop.rb');
      expect(definitions(shop)).toEqual([
        ['Shop', 'module', '', 7],
        ['VERSION', 'constant', 'Shop', 8],
        ['demo', 'function', 'Shop', 10],
      ]);
      expect(signatureOf(shop, 'demo')).toBe('def self.demo');
    });

    it('keeps declaration heads as signatures', async () => {
      const product = await parseFixture('ruby', 'lib/shop/product.rb');
      expect(signatureOf(product, 'DigitalProduct')).toBe('class DigitalProduct < Product');
      expect(signatureOf(product, 'initialize')).toBe('def initialize(name, price_cents)');
    });

    it('records superclasses and mixins as inheritance', async () => {
      const product = await parseFixture('ruby', 'lib/shop/product.rb');
      expect(references(product)).toEqual([
        ['attr_reader', 'call', 3],
        ['zero?', 'call', 11],
        ['Product', 'inherit', 15],
      ]);
      const cart = await parseFixture('ruby', 'lib/shop/cart.rb');
      expect(definitions(cart)).toEqual([
        ['Shop', 'module', '', 1],
        ['Cart', 'class', 'Shop', 2],
        ['initialize', 'method', 'Shop.Cart', 5],
        ['add', 'method', 'Shop.Cart', 9],
        ['each', 'method', 'Shop.Cart', 14],
        ['total', 'method', 'Shop.Cart', 18],
      ]);
      expect(references(cart)).toEqual([
        ['Enumerable', 'inherit', 3],
        ['each', 'call', 15],
        ['sum', 'call', 19],
      ]);
    });

    it('records X.new as construction, other constant receivers as type uses, and calls', async () => {
      const shop = await parseFixture('ruby', 'lib/shop.rb');
      expect(references(shop)).toEqual([
        ['Cart', 'new', 11],
        ['add', 'call', 12],
        ['Product', 'new', 12],
        ['puts', 'call', 13],
        ['JSON', 'type', 13],
        ['generate', 'call', 13],
        ['total', 'call', 13],
      ]);
      expect(enclosingOf(shop, 'Cart', 'new')).toBe('demo');
    });

    it('reads require and require_relative strings as imports, and not as calls', async () => {
      const shop = await parseFixture('ruby', 'lib/shop.rb');
      expect(imports(shop)).toEqual([
        ['json', 3],
        ['shop/product', 4],
        ['shop/cart', 5],
      ]);
      expect(references(shop, 'call').map(([name]) => name)).not.toContain('require_relative');
    });
  });
});
