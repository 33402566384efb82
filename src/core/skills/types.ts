/**
 * Skills are Agent Skills (agentskills.io): `<name>/SKILL.md`, YAML
 * frontmatter then Markdown instructions. Built-ins ship in the package's
 * `skills/`; a repository adds or overrides them in `.github/skills/`.
 */

/**
 * The output tools a skill may list in `allowed-tools`. The execution phase's
 * OUTPUT_TOOL_NAMES (tools/phase-tools.ts) plus `emit_change` (proposed
 * changes, arriving with the working skill); kept here so parsing a skill
 * does not load the model tooling. A test checks the two lists agree.
 */
export const SKILL_OUTPUT_TOOLS = ['emit_answer', 'emit_plan_section', 'emit_review_comment', 'emit_diagram', 'emit_change'] as const;
export type SkillOutputTool = (typeof SKILL_OUTPUT_TOOLS)[number];

export type SkillSource = 'built-in' | 'repository';

export interface Skill {
  name: string;
  description: string;
  license?: string;
  /** From `allowed-tools`; `['emit_answer']` when the frontmatter names none. */
  allowedTools: SkillOutputTool[];
  metadata: Record<string, string | string[]>;
  /** The quoted phrases of the description's `Triggers on "…", "…"` sentence (primary triggers). */
  triggers: string[];
  body: string;
  /** `skills/<name>/SKILL.md` for built-ins, `.github/skills/<name>/SKILL.md` in a repository. */
  path: string;
  source: SkillSource;
}

/** A skill that could not be used: what happened and why (`message`), and how to fix it (`fix`). */
export interface SkillProblem {
  path: string;
  /** The frontmatter field at fault (`name`, `metadata.command`…); absent for whole-file problems. */
  field?: string;
  message: string;
  fix: string;
}

export interface SkillFile {
  path: string;
  text: string;
  /**
   * The file's size in bytes where it is stored, when its text was left
   * unread for being over MAX_SKILL_BYTES (text is then empty): parseSkill
   * reports it like any oversized SKILL.md instead of it going missing.
   */
  size?: number;
}

/** One line for a person: the file, the field, what happened, and the fix. */
export function describeSkillProblem(problem: SkillProblem): string {
  const where = problem.field === undefined ? problem.path : `${problem.path} (${problem.field})`;
  return `skill ${where}: ${problem.message}\n  fix: ${problem.fix}`;
}
