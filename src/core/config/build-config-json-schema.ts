import { z } from 'zod';
import { repoConfigSchema } from './repo-config.js';

/**
 * The JSON schema of `.github/nanodex.yml`, as committed in
 * schema/nanodex.schema.json: the input side (defaults make keys optional),
 * with a trailing newline so the file is stable under editors.
 */
export function buildConfigJsonSchema(): string {
  const schema = z.toJSONSchema(repoConfigSchema, { io: 'input' });
  return `${JSON.stringify({ ...schema, title: 'nanodex repository settings' }, null, 2)}\n`;
}
