import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ACTION_INPUTS } from '../../src/action/action-inputs.js';

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  with?: Record<string, string>;
  shell?: string;
  run?: string;
  'working-directory'?: string;
  env?: Record<string, string>;
}
interface ActionYml {
  name: string;
  description: string;
  branding: { icon: string; color: string };
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: Step[] };
}

const yml = parse(readFileSync(fileURLToPath(new URL('../../action.yml', import.meta.url)), 'utf8')) as ActionYml;

describe('action.yml', () => {
  it('declares exactly the inputs run() reads, in order, with their descriptions and defaults', () => {
    const declared = Object.entries(yml.inputs).map(([name, input]) => ({
      name,
      description: input.description,
      default: String(input.default ?? ''),
    }));
    const read = Object.entries(ACTION_INPUTS).map(([name, input]) => ({ name, description: input.description, default: input.default }));

    expect(declared).toEqual(read);
    expect(Object.values(yml.inputs).every((input) => input.required === false)).toBe(true);
  });

  it('has a name, a description and branding for the Marketplace', () => {
    expect(yml.name).toBe('nanodex');
    expect(yml.description.length).toBeGreaterThan(20);
    expect(yml.branding).toEqual({ icon: expect.any(String), color: expect.any(String) });
  });

  it('is a composite action that sets up Node, installs production dependencies in its own folder and runs the committed entry', () => {
    const [setup, install, start, ...rest] = yml.runs.steps;

    expect(yml.runs.using).toBe('composite');
    expect(rest).toEqual([]);
    expect(setup).toMatchObject({
      uses: expect.stringMatching(/^actions\/setup-node@v\d+$/),
      with: { 'node-version': '${{ inputs.node-version }}' },
    });
    expect(install).toMatchObject({
      shell: 'bash',
      'working-directory': '${{ github.action_path }}',
      run: 'npm ci --omit=dev --ignore-scripts --no-audit --no-fund --engine-strict=false',
    });
    expect(start).toMatchObject({ id: 'nanodex', shell: 'bash', run: 'node "$GITHUB_ACTION_PATH/action-dist/index.js"' });
  });

  it('hands every input to the run step as the INPUT_ variable a JavaScript action would get', () => {
    const start = yml.runs.steps.find((s) => s.id === 'nanodex');
    const expected = Object.fromEntries(
      Object.keys(ACTION_INPUTS).map((name) => [`INPUT_${name.toUpperCase()}`, `\${{ inputs.${name} }}`]),
    );

    expect(start?.env).toEqual(expected);
  });

  it('declares the comment URL, the result path and the metrics as outputs of the run step', () => {
    expect(Object.keys(yml.outputs)).toEqual(['comment-url', 'result-path', 'metrics']);
    for (const [name, output] of Object.entries(yml.outputs)) expect(output.value).toBe(`\${{ steps.nanodex.outputs.${name} }}`);
  });
});
