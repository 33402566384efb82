import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { parseRepoConfig } from '../../src/core/config/repo-config.js';
import { parseRuleFile } from '../../src/core/review/rules/parse-rule-file.js';
import { renderRuleProblem } from '../../src/core/review/rules/rule-problem.js';
import { renderConfigProblems } from '../../src/core/config/render-config-problems.js';
import type { DocBlock } from './read-doc-blocks.js';
import { splitShellCommands } from './split-shell-words.js';

export interface CheckContext {
  projectRoot: string;
  /** The built CLI (dist/src/cli/main.js). */
  bin: string;
  /** A small git repository the commands run against, offline. */
  fixture: string;
  dataDir: string;
  home: string;
  /** action.yml's input names: a workflow's `with:` may use only these. */
  actionInputs: Set<string>;
}

export type BlockResult = { status: 'ran' | 'validated' | 'shown' | 'skipped'; detail: string } | { status: 'failed'; detail: string };

/** Languages that are output shown to the reader (a comment, a diagram, code), not something to run. */
const SHOWN = new Set(['markdown', 'md', 'mermaid', 'text', 'txt', 'ts', 'typescript', 'js', 'javascript', 'python', 'diff']);
/** Set up before docs:check runs (`npm test` installs, builds, then checks the docs). */
const PREREQUISITES = new Set(['npm ci', 'npm install', 'npm run build', 'npm test']);
/** A command's run: indexing the fixture and answering, seconds; generous on a loaded machine. */
const COMMAND_TIMEOUT_MS = 60_000;
const FIX = 'make it run offline against a small repository, or put <!-- docs-check: skip (why) --> on the line before the block';

export function checkBlock(block: DocBlock, context: CheckContext): BlockResult {
  if (block.skip !== undefined) return { status: 'skipped', detail: block.skip };
  if (SHOWN.has(block.lang)) return { status: 'shown', detail: `${block.lang} shown to the reader` };
  if (['sh', 'bash', 'shell', 'console', ''].includes(block.lang)) return checkShell(block, context);
  if (block.lang === 'yaml' || block.lang === 'yml') return checkYaml(block, context);
  if (block.lang === 'json') return checkJson(block, context);
  return { status: 'failed', detail: `docs-check does not know how to check a ${block.lang} block: ${FIX}` };
}

function checkShell(block: DocBlock, context: CheckContext): BlockResult {
  const { commands, unsupported } = splitShellCommands(block.body);
  if (unsupported !== undefined)
    return { status: 'failed', detail: `cannot run \`${unsupported}\` (pipes, variables, redirections): ${FIX}` };
  if (commands.length === 0) return { status: 'failed', detail: `an empty shell block: ${FIX}` };
  const ran: string[] = [];
  for (const words of commands) {
    const line = words.join(' ');
    if (PREREQUISITES.has(line)) continue;
    const args = toNanodexArgs(words);
    if (args === undefined) return { status: 'failed', detail: `\`${line}\` is not a nanodex command: ${FIX}` };
    const problem = runNanodex(args, context);
    if (problem !== undefined) return { status: 'failed', detail: `\`${line}\` ${problem}` };
    ran.push(`nanodex ${args[0] ?? ''}`);
  }
  return ran.length === 0
    ? { status: 'ran', detail: 'setup steps only (done before docs:check)' }
    : { status: 'ran', detail: ran.join(', ') };
}

/** `nanodex ...`, `node dist/src/cli/main.js ...` or `npx tsx src/cli/main.ts ...`: the CLI's arguments. */
function toNanodexArgs(words: string[]): string[] | undefined {
  if (words[0] === 'nanodex') return words.slice(1);
  if (words[0] === 'node' && words[1]?.endsWith('dist/src/cli/main.js')) return words.slice(2);
  if (words[0] === 'npx' && words[1] === 'tsx' && words[2]?.endsWith('src/cli/main.ts')) return words.slice(3);
  return undefined;
}

/** Runs the built CLI on the fixture (its --repo replaced, its index in a scratch folder); a problem, or undefined. */
function runNanodex(args: string[], context: CheckContext): string | undefined {
  const rewritten = args.map((word, i) => (args[i - 1] === '--repo' ? context.fixture : word));
  if (args.includes('--repo') && /^https?:|github\.com/.test(args[args.indexOf('--repo') + 1] ?? '')) {
    return `reads a repository on GitHub: ${FIX}`;
  }
  if (!args.includes('--data-dir') && !args.includes('--index') && args[0] !== 'worker') rewritten.push('--data-dir', context.dataDir);
  const result = spawnSync(process.execPath, [context.bin, ...rewritten], {
    cwd: context.fixture,
    encoding: 'utf8',
    timeout: COMMAND_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: context.home },
  });
  if (result.status === 0) return undefined;
  const said = (result.stderr.trim() || result.stdout.trim()).split('\n').slice(0, 3).join(' / ');
  return result.error !== undefined
    ? `did not finish: ${result.error.message}`
    : `exited ${String(result.status ?? result.signal)} on a small repository: ${said}`;
}

function checkYaml(block: DocBlock, context: CheckContext): BlockResult {
  let data: unknown;
  try {
    data = parse(block.body);
  } catch (error) {
    return { status: 'failed', detail: `does not parse as YAML: ${(error as Error).message.split('\n')[0] ?? ''}` };
  }
  const keys = data !== null && typeof data === 'object' ? Object.keys(data) : [];
  const workflowKeys = ['on', 'jobs', 'permissions', 'name', 'env', 'concurrency'];
  if (keys.length > 0 && keys.every((k) => workflowKeys.includes(k))) return checkWorkflow(data as Workflow, context);
  if (['id', 'language', 'rule'].every((k) => keys.includes(k))) return checkRuleFile(block);
  const parsed = parseRepoConfig(block.body, `${block.file}:${block.line}`);
  if (!parsed.ok) {
    const problems = renderConfigProblems(parsed.problems, `${block.file}:${block.line}`).replace(/\n+/g, ' ');
    return { status: 'failed', detail: `is not a valid .github/nanodex.yml (${problems}); a workflow needs on: and jobs:` };
  }
  return { status: 'validated', detail: 'a .github/nanodex.yml the config schema accepts' };
}

/** A `.github/nanodex/rules/*.yml` rule: parsed and compiled by ast-grep as a review would. */
function checkRuleFile(block: DocBlock): BlockResult {
  const { rules, problems } = parseRuleFile(`${block.file}:${block.line}`, block.body);
  if (problems.length > 0) return { status: 'failed', detail: `is not a valid rule file: ${problems.map(renderRuleProblem).join(' / ')}` };
  return { status: 'validated', detail: `a rule file ast-grep compiles (${rules.map((r) => r.id).join(', ')})` };
}

interface Workflow {
  jobs?: Record<string, { steps?: { uses?: string; with?: Record<string, unknown> }[] }>;
}

function checkWorkflow(workflow: Workflow, context: CheckContext): BlockResult {
  let steps = 0;
  for (const [job, { steps: list = [] } = {}] of Object.entries(workflow.jobs ?? {})) {
    for (const step of list) {
      if (!step.uses?.startsWith('nanodex/nanodex@')) continue;
      steps++;
      const unknown = Object.keys(step.with ?? {}).filter((input) => !context.actionInputs.has(input));
      if (unknown.length > 0) {
        return { status: 'failed', detail: `job ${job} passes ${unknown.join(', ')}, which action.yml has no input for` };
      }
    }
  }
  return { status: 'validated', detail: `a workflow (YAML parses; ${steps} nanodex step(s), every input in action.yml)` };
}

interface McpClientConfig {
  mcpServers?: Record<string, { command: string; args?: string[] }>;
  servers?: Record<string, { command: string; args?: string[] }>;
}

function checkJson(block: DocBlock, context: CheckContext): BlockResult {
  let data: McpClientConfig;
  try {
    data = JSON.parse(block.body) as McpClientConfig;
  } catch (error) {
    return { status: 'failed', detail: `does not parse as JSON: ${(error as Error).message}` };
  }
  const servers = Object.entries(data.mcpServers ?? data.servers ?? {});
  for (const [name, server] of servers) {
    if (!isOnPath(server.command)) return { status: 'failed', detail: `MCP server ${name}: the command ${server.command} is not on PATH` };
    const args = (server.args ?? []).map((arg) => arg.replace(/^\/path\/to\/nanodex\//, `${context.projectRoot}/`));
    const script = args.find((arg) => arg.endsWith('.js'));
    if (script !== undefined && !existsSync(script)) {
      return { status: 'failed', detail: `MCP server ${name}: ${script} does not exist (after npm run build)` };
    }
    if (server.command === 'node' && script?.endsWith('dist/src/cli/main.js')) {
      const problem = runNanodex(args.slice(args.indexOf(script) + 1), context);
      if (problem !== undefined) return { status: 'failed', detail: `MCP server ${name}: ${problem}` };
    }
  }
  return {
    status: 'validated',
    detail: servers.length > 0 ? `JSON parses; MCP server(s) ${servers.map(([n]) => n).join(', ')} start` : 'JSON parses',
  };
}

function isOnPath(command: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}
