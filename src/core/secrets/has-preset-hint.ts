/**
 * What every report of secretlint's recommended preset (13.0.7) holds, rule by rule: a text with none of
 * these cannot be reported by it, so scanWithSecretlint skips the preset there (its 28 rules and event
 * machinery were 5-9% of a cold index's CPU; most source files hold none). Case-insensitive, so a
 * superset of each rule's case-sensitive prefix. Review this list when the preset is upgraded: a rule
 * added without a hint here is not run on texts that lack the others'.
 */
const PRESET_HINT = new RegExp(
  [
    // aws: `secret_access_key = <40>`, `account_id = 1234-5678-9012` (the name, an optional quote and the rule's
    // connector: `secret` or `account` alone is in most prose and much code, and loading the preset for it was a third
    // of a 1-file re-index).
    'secret_?access_?key["\']?\\s*(?::|=>|=)|account_?(?:id)?["\']?\\s*(?::|=>|=)',
    // npm (`npm_` tokens; package.json and .npmrc rules need a file path, and scans pass none), slack.
    'npm_|xox|xapp|hooks\\.slack\\.com',
    // basicauth and database-connection-string: `scheme://user:password@` (both need user and password).
    ':\\/\\/[^:\\/\\s]*:[^@\\/\\s]*@',
    // openai, anthropic, groq, huggingface, linear, notion, privatekey, sendgrid, shopify, stripe.
    'T3BlbkFJ|sk-ant-api|gsk_|hf_|lin_api_|ntn_|-----BEGIN|SG\\.|shp(?:pa|ca|at|ss)_|[sr]k_(?:live|test)_',
    // github, gitlab, grafana, 1password, hashicorp-vault, vercel, databricks, docker, figma, cloudflare, tailscale.
    'gh[pousr]_|github_pat_|glpat-|glc_|glsa_|ops_|hv[sbr]\\.|vc[picrk]_|dapi|dckr_pat_|figd_|cf(?:k|ut|at)_|tskey-',
  ].join('|'),
  'i',
);

/**
 * aws: access key ids. The rule's pattern is case-sensitive (`AKIA` + 16 capitals or digits), and so is this hint:
 * case-insensitive, `ANPA` is in `planPath`, `ANVA` in `canvas`, `AIDA` in `paidAt`, and every `--json` output (its metrics name the
 * plan path) loaded and ran the whole preset (a tenth of a `nanodex diagram --json`'s CPU).
 */
const AWS_KEY_ID_HINT = /A3T|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA/;

/**
 * gcp: a service-account key file, read with JSON.parse: a whole text that is a JSON object with the keys
 * `private_key_id` and `private_key`, spelt out or through `\u` escapes (JSON's only escape that can stand for a
 * letter or `_`). Any other JSON object (the CLI's own `--json` output) need not load the preset.
 */
const JSON_OBJECT = /^[ \t\n\r]*\{/;
const GCP_KEY_FIELD = /private_key|\\u/i;

/** False when secretlint's recommended preset cannot report anything in `text` (see PRESET_HINT). */
export function hasPresetHint(text: string): boolean {
  return (JSON_OBJECT.test(text) && GCP_KEY_FIELD.test(text)) || AWS_KEY_ID_HINT.test(text) || PRESET_HINT.test(text);
}
