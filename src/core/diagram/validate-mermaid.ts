import type { Mermaid } from 'mermaid';
import { checkCompiledMermaid, type MermaidCheck } from './check-compiled-mermaid.js';

export type { MermaidCheck } from './check-compiled-mermaid.js';

/** A parse error names the line and shows it; past this it is the same message repeated. */
const MAX_MESSAGE_CHARS = 1000;

/** The jsdom API nanodex uses (jsdom ships no types and @types/jsdom is not a dependency). */
interface JsdomModule {
  JSDOM: new (html: string, options: { pretendToBeVisual: boolean }) => { window: { document: unknown } };
}

interface Loaded {
  mermaid: Mermaid;
  dom: { window: unknown; document: unknown };
}

let loading: Promise<Loaded> | undefined;
/** mermaid keeps one diagram state per process, and the DOM globals are shared: parses run one after another. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Whether GitHub will draw this Mermaid text, so a diagram that would show
 * "Unable to render" is caught before it is posted. Text in the exact shapes
 * compileMermaid writes is accepted by checkCompiledMermaid (proved against
 * Mermaid in the tests and the bench) without loading Mermaid; anything else
 * goes to Mermaid's own parser (parseWithMermaid).
 */
export async function validateMermaid(text: string): Promise<MermaidCheck> {
  return checkCompiledMermaid(text) ?? parseWithMermaid(text);
}

/**
 * Parses Mermaid text with Mermaid's own parser, as GitHub will.
 * Mermaid and jsdom load once per process, on first use (~0.5-1.5 s), after
 * which a parse takes ~10-30 ms.
 */
export async function parseWithMermaid(text: string): Promise<MermaidCheck> {
  const run = queue.then(async (): Promise<MermaidCheck> => {
    const { mermaid, dom } = await loadMermaid();
    try {
      // Diagram parsers load lazily on first use of a type and may read the DOM then.
      const result = await withDomGlobals(dom, () => mermaid.parse(text));
      return result ? { ok: true, diagramType: result.diagramType } : { ok: false, message: 'mermaid did not recognise the diagram' };
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).trim();
      return { ok: false, message: message.length > MAX_MESSAGE_CHARS ? `${message.slice(0, MAX_MESSAGE_CHARS - 1)}…` : message };
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

function loadMermaid(): Promise<Loaded> {
  loading ??= (async () => {
    // A variable specifier keeps TypeScript from asking for jsdom's missing type declarations.
    const jsdomSpecifier = 'jsdom';
    const { JSDOM } = (await import(jsdomSpecifier)) as JsdomModule;
    const { window } = new JSDOM('<!doctype html><html><body></body></html>', { pretendToBeVisual: true });
    const dom = { window, document: window.document };
    const { default: mermaid } = await withDomGlobals(dom, () => import('mermaid'));
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
    return { mermaid, dom };
  })();
  // A failed load is not cached: the next call tries again.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * mermaid (through DOMPurify and d3) needs `window` and `document`. They are
 * set only while it works and removed after, so the rest of the process
 * (model SDKs, Octokit) never mistakes Node for a browser. Globals the host
 * already has (a browser-like test environment) are left as they are.
 */
async function withDomGlobals<T>(dom: { window: unknown; document: unknown }, work: () => Promise<T>): Promise<T> {
  const globals = globalThis as Record<string, unknown>;
  const added = (['window', 'document'] as const).filter((name) => !(name in globals));
  for (const name of added) globals[name] = dom[name];
  try {
    return await work();
  } finally {
    for (const name of added) delete globals[name];
  }
}
