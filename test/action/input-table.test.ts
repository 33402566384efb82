import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readMarkedTable, renderInputTable, TABLE_END, TABLE_START } from './input-table.js';

const root = (file: string) => fileURLToPath(new URL(`../../${file}`, import.meta.url));

/** Markdown files that carry the inputs table (the README joins when it gets the table). */
const DOCUMENTS = ['docs/action.md', 'README.md'];

describe('the inputs table', () => {
  it.each(DOCUMENTS)('in %s is identical to action.yml', (file) => {
    const table = readMarkedTable(root(file));

    expect(table, `${file} needs the table between ${TABLE_START} and ${TABLE_END}`).toBeDefined();
    expect(table, `regenerate the table in ${file} from action.yml`).toBe(renderInputTable(root('action.yml')));
  });
});
