import type { ConfigProblem } from './to-config-problems.js';

/**
 * The largest settings file nanodex reads: 32 KB. Every setting written out
 * comes to well under 1 KB, so a bigger file is a mistake (a pasted log, a
 * generated file). The bound matters: the YAML parser's duplicate-key check
 * and the line lookups grow with the square of the key count (10,000 keys
 * took 1.3 s, found by npm run fuzz), and the file comes from any repository
 * the App is installed on. GitHub's contents API sends no content at all
 * past 1 MB, which must never read as an empty file.
 */
export const MAX_CONFIG_BYTES = 32 * 1024;

/**
 * The problem a settings file over MAX_CONFIG_BYTES is, or undefined: what,
 * where (the file, and the branch when known), how big, the limit, the fix.
 */
export function findConfigSizeProblem(file: string, bytes: number, options: { ref?: string } = {}): ConfigProblem | undefined {
  if (bytes <= MAX_CONFIG_BYTES) return undefined;
  const where = options.ref === undefined ? file : `${file} on ${options.ref}`;
  return {
    path: '',
    message: `${where} is ${bytes.toLocaleString('en-US')} bytes, over the ${MAX_CONFIG_BYTES.toLocaleString('en-US')}-byte (32 KB) limit for a settings file, so none of it was read`,
    fix: 'keep only the settings you change: every one has a default, and all of them written out come to under 1 KB (schema/nanodex.schema.json lists them)',
  };
}
