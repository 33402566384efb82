/** The `diagram` row of `npm run bench`: its timing, and every Mermaid block it printed checked by Mermaid and the fast check alike. */
import { checkCompiledMermaid } from '../src/core/diagram/check-compiled-mermaid.js';
import { parseWithMermaid } from '../src/core/diagram/validate-mermaid.js';
import { s, verdict, type PerfRow } from './perf-table.js';
import type { ProcessTiming } from './time-process.js';

/** Diagram target (issues 15 and 28): the whole process within a second. */
const DIAGRAM_MAX_MS = 1000;

export async function toDiagramRow(label: string, timing: ProcessTiming): Promise<PerfRow> {
  const texts = collectMermaid(JSON.parse(timing.last.stdout));
  let agreed = 0;
  for (const text of texts) {
    const [fast, full] = [checkCompiledMermaid(text), await parseWithMermaid(text)];
    if (!full.ok || fast === undefined || fast.ok !== full.ok)
      throw new Error(`a diagram the fast check and Mermaid disagree on:\n${text}`);
    agreed += 1;
  }
  return {
    figure: `\`diagram\` on ${label} (${agreed} diagram(s), each parsed by Mermaid too)`,
    // CPU beside wall: on a shared machine the wall time says more about the load than about nanodex.
    nanodex: `${s(timing.wallMs)} (${s(timing.cpuMs)} CPU)`,
    baseline: '',
    ratio: '',
    target: `<= ${DIAGRAM_MAX_MS / 1000} s`,
    result: verdict(timing.wallMs <= DIAGRAM_MAX_MS && agreed > 0),
  };
}

/** Every distinct string under a `mermaid` key, anywhere in the JSON. */
export function collectMermaid(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) collectMermaid(v, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'mermaid' && typeof v === 'string') out.push(v);
      else collectMermaid(v, out);
    }
  }
  return [...new Set(out)];
}
