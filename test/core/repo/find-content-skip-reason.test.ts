import { describe, expect, it } from 'vitest';
import { findContentSkipReason } from '../../../src/core/repo/skip-rules.js';

const skipOf = (text: string, path?: string) => findContentSkipReason(new TextEncoder().encode(text), text, path);
/** axios's README: a sponsors table on lines of a few thousand characters, then ordinary prose. */
const longLines = `# axios\n\n${'<a href="https://example.com/sponsor"><img src="logo.png" width="70"></a>'.repeat(40)}\n\nPromise based HTTP client.\n`;

describe('findContentSkipReason', () => {
  it('calls code on lines of thousands of characters minified', () => {
    expect(skipOf(longLines.replace(/<a /g, 'var a=1;<a '), 'dist/axios.min.js')).toBe('minified');
  });

  it('never calls prose minified: a README with long lines is read like any document', () => {
    expect(skipOf(longLines, 'README.md')).toBeUndefined();
    expect(skipOf(longLines, 'docs/intro.rst')).toBeUndefined();
  });

  it('reads code with one long paragraph of prose in a comment as code, not minified', () => {
    const paragraph = 'Error thrown when the response has a non-2xx status code and `throwHttpErrors` is enabled. '.repeat(16);
    const code = `/**\n${paragraph}\n*/\nexport class HTTPError extends KyError {\n\tresponse: Response;\n}\n`;
    expect(skipOf(code, 'source/errors/HTTPError.ts')).toBeUndefined();
    expect(skipOf(`${'var a=1;b=2;c=function(d){return d}'.repeat(40)}\nvar e;\n`, 'dist/bundle.js')).toBe('minified');
  });

  it('judges content alone when no path is given', () => {
    expect(skipOf(longLines)).toBe('minified');
  });
});
