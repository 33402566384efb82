/** A request to turn some input away: "reject", "refuse", "disallow", "forbid", "deny", "validate", "raise". */
const REJECTS = /^(reject|refus|disallow|forbid|deny|invalid|validat|raise|throw)/;

/** Code that turns input away, in any of the indexed languages: raise/throw, an error value, a panic. */
export const TURNS_AWAY = /\b(raise|throw|panic|reject)\b|\berror\b|\binvalid\b|Error\(|errors\.New|fmt\.Errorf/i;

/** A name that says it checks input: `validation.ts`, `test_invalid_input.py`, `errors_test.go`. */
export const NAMES_A_CHECK = /valid|error|reject|raise|throw/i;

/** Whether the request asks for some input to be turned away (its words, as readPrompt gives them). */
export function asksToReject(words: string[]): boolean {
  return words.some((w) => REJECTS.test(w));
}
