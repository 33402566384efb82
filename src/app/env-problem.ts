/** One problem with an environment variable: which, what is wrong with it, and how to fix it. */
export interface EnvProblem {
  variable: string;
  problem: string;
  fix: string;
}

/**
 * A whole-number variable of at least `min`: the fallback when unset, else
 * the value; anything else is a problem (said with the default to go back
 * to) and the fallback stands in, so every problem is reported together.
 */
export function readWholeNumber(env: NodeJS.ProcessEnv, variable: string, fallback: number, problems: EnvProblem[], min = 1): number {
  const text = env[variable]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) {
    problems.push({
      variable,
      problem: `is ${JSON.stringify(text)}, not a whole number of at least ${min}`,
      fix: `remove it for the default (${fallback}) or set a whole number`,
    });
    return fallback;
  }
  return value;
}
