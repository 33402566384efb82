import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export const TABLE_START = '<!-- inputs:start -->';
export const TABLE_END = '<!-- inputs:end -->';

interface ActionYml {
  inputs: Record<string, { description: string; default?: string }>;
}

/** The inputs table the docs carry, made from action.yml: one row per input, in its order. */
export function renderInputTable(actionYmlFile: string): string {
  const yml = parse(readFileSync(actionYmlFile, 'utf8')) as ActionYml;
  const rows = Object.entries(yml.inputs).map(([name, input]) => {
    const value = input.default === undefined || input.default === '' ? '(empty)' : `\`${String(input.default)}\``;
    return `| \`${name}\` | ${input.description.replace(/\|/g, '\\|')} | ${value} |`;
  });
  return ['| Input | Description | Default |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The table between the markers of a Markdown file (README.md, docs/action.md). */
export function readMarkedTable(markdownFile: string): string | undefined {
  const text = readFileSync(markdownFile, 'utf8');
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) return undefined;
  return text.slice(start + TABLE_START.length, end).trim();
}
