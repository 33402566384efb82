import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where the committed Action build lives (action.yml runs `action-dist/index.js`). */
export const ACTION_DIST = path.join(ROOT, 'action-dist');

/**
 * Bundles our own code (src/**) into `index.js` plus `parse-worker.js` beside
 * it (parse-pool.ts starts the worker from its sibling file). Every npm
 * package stays external: the composite action installs them on the runner,
 * where better-sqlite3's prebuilt binary fits that machine's OS and Node
 * (see DEPS.md), and web-tree-sitter finds its .wasm files in node_modules.
 */
export async function buildAction(outdir: string = ACTION_DIST): Promise<void> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: { index: 'src/action/index.ts', 'parse-worker': 'src/core/code-index/parse-worker.ts' },
    outdir,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'warning',
    // Generated code is not linted (its sources are); the directive keeps `eslint .` quiet without a config change.
    banner: { js: '// Built from src/ by `npm run build:action`; do not edit (a test fails when this file is stale).\n/* eslint-disable */' },
  });
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildAction(process.argv[2] === undefined ? ACTION_DIST : path.resolve(process.argv[2]));
}
