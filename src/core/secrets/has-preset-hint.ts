/**
 * What every report of secretlint's recommended preset (13.0.7) holds, rule by rule: a text with none of
 * these cannot be reported by it, so scanWithSecretlint skips the preset there (its 28 rules and event
 * machinery were 5-9% of a cold index's CPU; most source files hold none). Case-insensitive, so a
 * superset of each rule's case-sensitive prefix. Review this list when the preset is upgraded: a rule
 * added without a hint here is not run on texts that lack the others'.
 */
const PRESET_HINT = new RegExp(
  [
    // aws: access key ids, `…secret…access…key = <40>`, `…account…id = 1234-5678-9012`.
    'A3T|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA|secret|account',
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

/** gcp: a service-account key file, read with JSON.parse: a whole text that is a JSON object. */
const JSON_OBJECT = /^[ \t\n\r]*\{/;

/** False when secretlint's recommended preset cannot report anything in `text` (see PRESET_HINT). */
export function hasPresetHint(text: string): boolean {
  return JSON_OBJECT.test(text) || PRESET_HINT.test(text);
}
