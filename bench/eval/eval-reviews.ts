/**
 * `npm run eval:reviews`: with repositories given as positional arguments
 * (DIR[:PATH_PREFIX]...), the claims audit of review-commits.ts as before;
 * without, the finding rules measured on injected breaks (review-mutations.ts,
 * options --repos --commits --seed --kinds --jobs --mirrors --out --candidates
 * --cli --no-known).
 */

/** The only options of either script that take no value. */
const FLAGS = new Set(['--known', '--no-known']);

/** Every other option takes a value (`--commits 3`, `--commits=3`): what is left are positionals. */
function hasPositionals(argv: string[]): boolean {
  for (let i = 0; i < argv.length; i += 1) {
    if (!argv[i]!.startsWith('--')) return true;
    if (!argv[i]!.includes('=') && !FLAGS.has(argv[i]!)) i += 1;
  }
  return false;
}

await (hasPositionals(process.argv.slice(2)) ? import('./review-commits.js') : import('./review-mutations.js'));
