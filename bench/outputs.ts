/**
 * The output commands on a warm index: find/refs/map through run() against
 * the raw index query they rest on (the baseline, same run), offline plan,
 * explain and diagram end to end (Mermaid's parser included), an offline
 * review of real commits, and routing accuracy against seed 001's
 * word-overlap score on the labelled prompts.
 */
import { execFileSync } from 'node:child_process';
import { SqliteCodeIndex } from '../src/core/code-index/code-index.js';
import type { IndexStore } from '../src/core/code-index/index-store.js';
import { kindCodesSql } from '../src/core/code-index/stored-kinds.js';
import { validateMermaid } from '../src/core/diagram/validate-mermaid.js';
import { silentLogger, systemClock } from '../src/core/ports.js';
import { LocalRepoSource } from '../src/core/repo/local-repo-source.js';
import type { OutputCommand, Request } from '../src/core/request.js';
import { run } from '../src/core/run.js';
import { loadSkills } from '../src/core/skills/load-skills.js';
import { readBuiltInSkillFiles } from '../src/core/skills/read-built-in-skill-files.js';
import { routeRequest } from '../src/core/skills/route-request.js';
import { quantile } from './measure.js';
import { HELD_OUT_PROMPTS, ROUTING_PROMPTS } from './routing/routing-prompts.js';
import { routeByWordOverlap } from './routing/word-overlap-floor.js';

/** A quantile of unsorted times. */
const pct = (times: number[], q: number): number =>
  quantile(
    [...times].sort((a, b) => a - b),
    q,
  );

export interface OutputsFigures {
  lookup: Record<'find' | 'refs' | 'map', { p50: number; p95: number; rawP50: number }>;
  offline: Record<'plan' | 'explain' | 'diagram', { p50: number; n: number }>;
  mermaid: { loadMs: number; parseP50: number };
  review: { commits: number; p50: number; inline: number; judgement: number };
  routing: { labelled: number; heldOut: number; floorLabelled: number; floorHeldOut: number; n: number; nHeldOut: number; p50Ms: number };
}

export async function measureOutputs(
  store: IndexStore,
  root: string,
  options: { samples?: number; gitRoot?: string } = {},
): Promise<OutputsFigures> {
  const n = options.samples ?? 20;
  const index = new SqliteCodeIndex(store);
  const source = new LocalRepoSource(root);
  const ports = { source, index, logger: silentLogger, clock: systemClock };
  const names = store.db
    .prepare(
      `SELECT name FROM symbols WHERE kind IN ${kindCodesSql('symbol', ['function', 'class', 'method'])} AND length(name) > 6 AND name GLOB '*[a-z][A-Z]*' ORDER BY id LIMIT ?`,
    )
    .pluck()
    .all(n * 20) as string[];
  const picked = names.filter((_, i) => i % Math.max(1, Math.floor(names.length / n)) === 0).slice(0, n);
  const timeRun = async (command: OutputCommand, prompt: string, extra: Partial<Request> = {}) => {
    const started = performance.now();
    const result = await run({ command, prompt, repo: { kind: 'local', root }, ...extra }, ports);
    return { ms: performance.now() - started, result };
  };
  const timeRaw = (f: () => unknown) => {
    const s = performance.now();
    f();
    return performance.now() - s;
  };

  const mermaid = { loadMs: 0, parseP50: 0 };
  const parses: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const text = `flowchart LR\n  a${i}["module ${i}"] --> b${i}["other"]\n  b${i} --> c${i}`;
    const started = performance.now();
    await validateMermaid(text);
    parses.push(performance.now() - started);
  }
  mermaid.loadMs = parses[0]!;
  mermaid.parseP50 = pct(parses.slice(1), 0.5);

  await timeRun('find', picked[0] ?? 'main'); // the skill catalog is read once per process
  const lookup = {} as OutputsFigures['lookup'];
  for (const command of ['find', 'refs', 'map'] as const) {
    const times: number[] = [];
    const raw: number[] = [];
    for (const name of command === 'map' ? picked.slice(0, 5) : picked) {
      times.push((await timeRun(command, name)).ms);
      raw.push(
        timeRaw(() =>
          command === 'find'
            ? index.findDefinitions(name, 31)
            : command === 'refs'
              ? index.findReferences(name, 101)
              : index.repoMap({ tokens: 1500, mentions: [name] }),
        ),
      );
    }
    lookup[command] = { p50: pct(times, 0.5), p95: pct(times, 0.95), rawP50: pct(raw, 0.5) };
  }

  const offline = {} as OutputsFigures['offline'];
  const prompts = {
    plan: (x: string) => `add input validation to ${x}`,
    explain: (x: string) => `how does ${x} work?`,
    diagram: () => 'architecture diagram',
  };
  for (const command of ['plan', 'explain', 'diagram'] as const) {
    const times: number[] = [];
    for (const name of picked.slice(0, command === 'diagram' ? 3 : 10)) times.push((await timeRun(command, prompts[command](name))).ms);
    offline[command] = { p50: pct(times, 0.5), n: times.length };
  }

  const review = { commits: 0, p50: 0, inline: 0, judgement: 0 };
  if (options.gitRoot) {
    const shas = execFileSync('git', ['-C', options.gitRoot, 'log', '--format=%H', '-n', '12', '--no-merges'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean);
    const times: number[] = [];
    for (const sha of shas.slice(0, 10)) {
      let diff: string;
      try {
        diff = execFileSync('git', ['-C', options.gitRoot, 'diff', `${sha}~1`, sha], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      } catch {
        continue;
      }
      const { ms, result } = await timeRun('review', 'Review this change.', { diff });
      times.push(ms);
      if (result.kind === 'done' && 'comment' in result && result.output.kind === 'review') {
        review.inline += result.comment.reviewComments.length;
        review.judgement += result.output.placed.needsJudgement.length;
      }
    }
    review.commits = times.length;
    review.p50 = pct(times, 0.5);
  }

  const skills = loadSkills({ builtIn: await readBuiltInSkillFiles(), repository: [] }).skills;
  const accuracy = (set: readonly (readonly [string, string])[], route: (p: string) => string) =>
    set.filter(([p, want]) => route(p) === want).length / set.length;
  const commandOf = (name: string) => skills.find((s) => s.name === name)?.metadata.command ?? 'explain';
  const routeTimes: number[] = [];
  const ours = (p: string) => {
    const s = performance.now();
    const c = routeRequest(p, skills).command;
    routeTimes.push(performance.now() - s);
    return c;
  };
  const routing = {
    labelled: accuracy(ROUTING_PROMPTS, ours),
    heldOut: accuracy(HELD_OUT_PROMPTS, ours),
    floorLabelled: accuracy(ROUTING_PROMPTS, (p) => String(commandOf(routeByWordOverlap(p, skills)))),
    floorHeldOut: accuracy(HELD_OUT_PROMPTS, (p) => String(commandOf(routeByWordOverlap(p, skills)))),
    n: ROUTING_PROMPTS.length,
    nHeldOut: HELD_OUT_PROMPTS.length,
    p50Ms: 0,
  };
  routing.p50Ms = pct(routeTimes, 0.5);
  return { lookup, offline, mermaid, review, routing };
}
