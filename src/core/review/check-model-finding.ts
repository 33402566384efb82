/** A place outside the cited lines a model's finding rests on: a caller, a definition, a test. */
export interface ModelEvidence {
  path: string;
  line: number;
  /** The code there, as the model read it. */
  code?: string;
}

/** Lines either side of a cited evidence line where its code may stand (models count lines loosely). */
const EVIDENCE_SLACK = 2;

/**
 * Why the evidence a model cites does not hold, or undefined when every
 * piece reads at the head as quoted: the file exists, and the quoted code's
 * first line is within EVIDENCE_SLACK lines of the cited one.
 */
export async function findEvidenceProblem(
  evidence: ModelEvidence[],
  readHead: (path: string) => Promise<string>,
): Promise<string | undefined> {
  for (const e of evidence) {
    let text: string;
    try {
      text = await readHead(e.path);
    } catch {
      return `its evidence cites ${e.path}, which is not in the repository`;
    }
    const lines = text.split('\n');
    if (e.line > lines.length) return `its evidence cites ${e.path}:${e.line}, past the end of the file (${lines.length} lines)`;
    const first = (e.code ?? '')
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim();
    if (first === undefined) continue;
    const near = lines.slice(Math.max(0, e.line - 1 - EVIDENCE_SLACK), e.line + EVIDENCE_SLACK).map((l) => squash(l));
    if (!near.some((l) => l.includes(squash(first)))) return `its evidence quotes code that is not at ${e.path}:${e.line}`;
  }
  return undefined;
}

/**
 * Words that name no identifier of the code under review: keywords and
 * literals of the languages the index reads, and the usual prose in
 * backticks (`null`, `true`, `async`).
 */
const NOT_IDENTIFIERS = new Set(
  (
    'null undefined true false none nil this self super cls new return await async yield function def func class struct ' +
    'interface type const let var if else for while switch case break continue try catch except finally throw raise ' +
    'import export from as default public private protected static void int str bool string number boolean object any ' +
    'unknown never error err ok with lambda go defer chan map range select package is not and or in of typeof instanceof ' +
    'delete pass elif global nonlocal assert del'
  ).split(' '),
);

/**
 * The first identifier a finding names in backticks that appears nowhere in
 * what it cites (`known`: the quoted code, the hunk around it, its
 * suggestion and evidence, the offline facts), or undefined. A code span
 * such as `foo.bar(x)` names `foo`, `bar` and `x`; keywords, literals and
 * one-letter names are not checked.
 */
export function findUnnamedIdentifier(body: string, known: string): string | undefined {
  const words = new Set(known.match(/[A-Za-z_$][\w$]*/g) ?? []);
  for (const span of body.matchAll(/`([^`\n]+)`/g)) {
    for (const word of span[1]!.match(/[A-Za-z_$][\w$]*/g) ?? []) {
      if (word.length < 2 || NOT_IDENTIFIERS.has(word.toLowerCase())) continue;
      if (!words.has(word)) return word;
    }
  }
  return undefined;
}

/**
 * What a comment says when it waves a concern away: "this is fine", "not a
 * problem", "safe to ignore", "false positive", "no callers need updating".
 */
const DISMISSAL =
  /\b(?:not (?:a|an) (?:real )?(?:problem|issue|bug|concern|risk)|no (?:real )?(?:problem|issue|bug|concern|risk)s?\b|(?:is|are|looks|seems) (?:fine|safe|harmless|correct|ok|okay|intended|intentional|unaffected)|safe to (?:ignore|keep)|can (?:safely )?be ignored|false (?:positive|alarm)|nothing to (?:worry|fix|change)|(?:don['’]?t|do not|doesn['’]?t|does not|needn['’]?t) need (?:to be )?(?:updat|chang|fix)|no (?:callers|call sites) (?:need|are affected)|lgtm)/i;

/**
 * The offline finding or risky pattern a model comment at the same lines
 * dismisses, or undefined: offline findings are facts of the diff and the
 * index, and a comment saying the opposite beside them would only confuse.
 */
export function findContradiction(
  body: string,
  at: { path: string; startLine: number; line: number },
  offline: { path: string; startLine: number; line: number; label: string }[],
): string | undefined {
  if (!DISMISSAL.test(body)) return undefined;
  return offline.find((o) => o.path === at.path && o.startLine <= at.line && at.startLine <= o.line)?.label;
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
