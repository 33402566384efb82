import ignore from 'ignore';

/**
 * The `linguist-generated` and `linguist-vendored` patterns of a .gitattributes file as a matcher
 * (gitignore pattern rules, which .gitattributes shares, through `ignore`);
 * `-linguist-generated` and `linguist-generated=false` lines undo earlier ones.
 */
export function parseLinguistGenerated(text: string): (path: string) => boolean {
  const rules = ignore();
  let any = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [pattern, ...attributes] = line.split(/\s+/);
    if (!pattern) continue;
    for (const attribute of attributes) {
      if (/^linguist-(generated|vendored)(=true)?$/.test(attribute)) {
        rules.add(pattern);
        any = true;
      } else if (/^(-linguist-(generated|vendored)|linguist-(generated|vendored)=false)$/.test(attribute)) {
        rules.add(`!${pattern}`);
      }
    }
  }
  return any ? (path) => rules.ignores(path) : () => false;
}
