import { describe, expect, it } from 'vitest';
import { namesWithoutDefinition } from '../../../bench/eval/audit-lookup-claims.js';
import { checkCallSite } from '../../../bench/eval/check-call-site.js';

const DECODER = [
  'class ZStandardDecoder:',
  '    def __init__(self):',
  '        self.decompressor = zstandard.ZstdDecompressor()',
  '',
  '    def decode(self, data):',
  '        return self.decompressor.decode(data)',
  '',
  '    def again(self, data):',
  '        return self.decode(data)',
].join('\n');

const GO = ['package x', '', 'func (c *Context) Run(', '\tb *Binder,', ') {', '\tc.Next()', '\tb.Next()', '}'].join('\n');

describe("the claims audit's truth for a call site", () => {
  it('calls a method on self in its own class a call, and on a field built from another class not one', () => {
    expect(checkCallSite({ text: DECODER, line: 9, name: 'decode', scope: 'ZStandardDecoder' }).ok).toBe(true);
    expect(checkCallSite({ text: DECODER, line: 6, name: 'decode', scope: 'ZStandardDecoder' })).toEqual({
      ok: false,
      why: 'self.decompressor is a ZstdDecompressor, not a ZStandardDecoder',
    });
  });

  it("takes JavaScript's super(…) for a call of the constructor of the base the class header names", () => {
    const text = [
      'export class InvalidArgumentError extends CommanderError {',
      '  constructor(message) {',
      "    super(1, 'commander.invalidArgument', message);",
      '  }',
      '}',
      'class Loose {',
      '  constructor() {',
      '    super();',
      '  }',
      '}',
    ].join('\n');
    expect(checkCallSite({ text, line: 3, name: 'constructor', scope: 'CommanderError' })).toEqual({
      ok: true,
      why: 'super() in a class that extends CommanderError',
    });
    expect(checkCallSite({ text, line: 3, name: 'constructor', scope: 'Option' })).toEqual({
      ok: false,
      why: "super() calls CommanderError's constructor, not Option's",
    });
    expect(checkCallSite({ text, line: 8, name: 'constructor', scope: 'Option' }).ok).toBe(true);
  });

  it("takes an instantiation of the class for a call of its constructor (JavaScript's new, Python's call)", () => {
    const js = "exports.program = new Command();\nconst e = new errors.CommanderError(1, 'x', 'y');\nconst o = new Option('-a');\n";
    expect(checkCallSite({ text: js, line: 1, name: 'constructor', scope: 'Command' }).ok).toBe(true);
    expect(checkCallSite({ text: js, line: 2, name: 'constructor', scope: 'CommanderError' }).ok).toBe(true);
    expect(checkCallSite({ text: js, line: 3, name: 'constructor', scope: 'Command' }).ok).toBe(false);
    const py = 'def build():\n    return fields.DateTime(format="iso")\n';
    expect(checkCallSite({ text: py, line: 2, name: '__init__', scope: 'DateTime' }).ok).toBe(true);
    expect(checkCallSite({ text: py, line: 2, name: '__init__', scope: 'Date' }).ok).toBe(false);
  });

  it("reads a Go receiver's and a parameter's type from a signature over several lines", () => {
    expect(checkCallSite({ text: GO, line: 6, name: 'Next', scope: 'Context' }).ok).toBe(true);
    expect(checkCallSite({ text: GO, line: 7, name: 'Next', scope: 'Context' }).ok).toBe(false);
  });

  it('reads an annotation past None, and a subclass named in the declarations as the same type', () => {
    const text = 'def f(\n    value: _t.SupportsItems[K, V] | None,\n):\n    return value.items()\n';
    expect(checkCallSite({ text, line: 4, name: 'items', scope: 'SupportsItems' }).ok).toBe(true);
    const sub = 'def g(d: AsyncDecoder):\n    return d.decode(b"")\n';
    expect(checkCallSite({ text: sub, line: 2, name: 'decode', scope: 'Decoder' }).ok).toBe(false);
    const declarations = (name: string) => (name === 'AsyncDecoder' ? ['class AsyncDecoder(Decoder):'] : []);
    expect(checkCallSite({ text: sub, line: 2, name: 'decode', scope: 'Decoder', declarations }).ok).toBe(true);
  });

  it('reads the enclosing class from its declaration, not from a docstring line that starts with "class"', () => {
    const text = [
      'class HTTPResponse:',
      '    def read(self):',
      '        """Read.',
      '',
      '    class is chunked here',
      '        """',
      '        return self.read_chunked()',
    ].join('\n');
    expect(checkCallSite({ text, line: 7, name: 'read_chunked', scope: 'HTTPResponse' }).ok).toBe(true);
  });

  it("does not take a class in a docstring's example, more indented than the method, for the enclosing class (flask's app.py)", () => {
    const text = [
      'class Flask:',
      '    def test_client(self):',
      '        """Make a client.',
      '',
      '            class CustomClient(FlaskClient):',
      '                pass',
      '        """',
      '        with self.app_context():',
      '            if self.testing:',
      '                    return self.dispatch_request()',
    ].join('\n');
    expect(checkCallSite({ text, line: 10, name: 'dispatch_request', scope: 'Flask' }).ok).toBe(true);
  });

  it('says a line that holds no call of the name is no call site', () => {
    expect(checkCallSite({ text: 'x = handler.decode\n', line: 1, name: 'decode', scope: '' })).toEqual({
      ok: false,
      why: 'line 1 holds no call of decode',
    });
  });

  it('reads every "no definition" name an output states, in the confidence reason and the gaps', () => {
    const output = {
      context: {
        confidenceReason:
          "no definition in this repository for: res.send, app.set (from a dependency, a setting's name, or spelled differently in the code?)",
        knownGaps: ['no definition of req.query in the index'],
      },
    };
    expect(namesWithoutDefinition(output)).toEqual(['res.send', 'app.set', 'req.query']);
  });
});

const SINATRA = [
  'module Sinatra',
  '  class Base',
  '    def build(builder)',
  '      # setup_host_authorization builder, as Rack wants',
  '      setup_host_authorization builder',
  '      static! if settings.static?',
  '      warn "setup_host_authorization builder failed"',
  '      setup_host_authorization = builder.host',
  '      setup_host_authorization',
  '    end',
  '',
  '    def setup_host_authorization(builder)',
  '      builder.use Rack::Protection::HostAuthorization',
  '    end',
  '  end',
  '',
  '  register Sinatra::Namespace',
  '  Delegator.delegate :namespace',
  '  settings.delegate(:get) { |register| register }',
  '  config = { register: true }',
  'end',
].join('\n');

describe("the claims audit's truth for a Ruby call site", () => {
  const at = (line: number, name: string, scope = '') => checkCallSite({ text: SINATRA, path: 'lib/sinatra/base.rb', line, name, scope });

  it('reads a call without parentheses, with arguments, a modifier or a receiver, as a call', () => {
    expect(at(5, 'setup_host_authorization', 'Sinatra.Base').ok).toBe(true);
    expect(at(6, 'static!', 'Sinatra.Base').ok).toBe(true);
    expect(at(17, 'register', 'Sinatra').ok).toBe(true);
    expect(at(18, 'delegate', 'Sinatra.Delegator')).toEqual({ ok: true, why: 'Delegator is a Delegator' });
    expect(at(13, 'use', 'Rack.Builder').ok).toBe(true);
  });

  it('does not read a comment, a string, a definition, a symbol, a hash key or a local variable as a call', () => {
    expect(at(4, 'setup_host_authorization').ok).toBe(false);
    expect(at(7, 'setup_host_authorization').ok).toBe(false);
    expect(at(12, 'setup_host_authorization').ok).toBe(false);
    expect(at(8, 'setup_host_authorization').ok).toBe(false);
    expect(at(9, 'setup_host_authorization').ok).toBe(false);
    expect(at(19, 'get').ok).toBe(false);
    expect(at(19, 'register').ok).toBe(false);
    expect(at(20, 'register').ok).toBe(false);
  });

  it('reads a name with parentheses as a call even beside a local variable of that name (`uri(uri.to_s)`)', () => {
    const text = 'def redirect(uri)\n  uri(uri.to_s, true)\n  uri\nend\n';
    expect(checkCallSite({ text, path: 'base.rb', line: 2, name: 'uri', scope: '' }).ok).toBe(true);
    expect(checkCallSite({ text, path: 'base.rb', line: 3, name: 'uri', scope: '' }).ok).toBe(false);
  });

  it('still needs parentheses where the language does: the same line in a Python file is no call', () => {
    expect(checkCallSite({ text: 'register Namespace\n', path: 'app.py', line: 1, name: 'register', scope: '' }).ok).toBe(false);
  });
});

// itsdangerous 3edfbbb: TimestampSigner.unsign overrides Signer.unsign, and the review listed three calls of the base
// that "may run this one".
const SIGNER = [
  'class Signer:',
  '    def validate(self, signed_value):',
  '        self.unsign(signed_value)',
  '',
  'class TimestampSigner(Signer):',
  '    def unsign(self, value):',
  '        result = super().unsign(value)',
  '',
  'def test_secret_keys():',
  '    signer = Signer(["a", "b"])',
  '    out = signer.unsign(signed)',
  '    timed = TimestampSigner("a")',
  '    timed.unsign(signed)',
].join('\n');
const signerDeclarations = (name: string): string[] =>
  ({ Signer: ['class Signer:'], TimestampSigner: ['class TimestampSigner(Signer):'] })[name] ?? [];

describe("the claims audit's truth for a call of the base that may run an override", () => {
  const claim = (line: number) =>
    checkCallSite({ text: SIGNER, line, name: 'unsign', scope: 'TimestampSigner', declarations: signerDeclarations, override: true });

  it('counts self in the base class, and an object built as the override class, as calls that may run it', () => {
    expect(claim(3).ok).toBe(true);
    expect(claim(13).ok).toBe(true);
  });

  it("does not count the override's own super() call, nor an object built as the base class", () => {
    expect(claim(7)).toEqual({ ok: false, why: "super() in TimestampSigner runs the base, not TimestampSigner's override" });
    expect(claim(11)).toEqual({ ok: false, why: 'signer is built as a Signer, which does not derive from TimestampSigner' });
  });
});

describe('an override mixed in by a subclass', () => {
  it("counts self in a class a subclass combines with the override's class (URLSafeTimedSerializer)", () => {
    // itsdangerous: TimedSerializer.loads calls self.load_payload, which runs URLSafeSerializerMixin.load_payload
    // in `class URLSafeTimedSerializer(URLSafeSerializerMixin, TimedSerializer)`.
    const text = ['class TimedSerializer(Serializer):', '    def loads(self, s):', '        return self.load_payload(s)'].join('\n');
    const declarations = (name: string): string[] =>
      ({ TimedSerializer: ['class TimedSerializer(Serializer):'], URLSafeSerializerMixin: ['class URLSafeSerializerMixin(Serializer):'] })[
        name
      ] ?? [];
    expect(checkCallSite({ text, line: 3, name: 'load_payload', scope: 'URLSafeSerializerMixin', declarations, override: true }).ok).toBe(
      true,
    );
  });
});
