export interface PytestOptions {
  testpaths?: string[];
  pythonFiles?: string[];
}

/** The section pytest reads its options from, per file (pytest's "Configuration file formats"). */
const SECTIONS: Record<string, string> = {
  'pytest.ini': 'pytest',
  'tox.ini': 'pytest',
  'setup.cfg': 'tool:pytest',
  'pyproject.toml': 'tool.pytest.ini_options',
};

/**
 * pytest's `testpaths` and `python_files` from pytest.ini, tox.ini,
 * setup.cfg or pyproject.toml, read as text: the INI form (values split on
 * whitespace, continued on indented lines) or TOML's (a string or an array
 * of strings). Undefined when the file has no pytest section.
 */
export function parsePytestOptions(fileName: string, text: string): PytestOptions | undefined {
  const section = SECTIONS[fileName];
  if (section === undefined) return undefined;
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => l.trim() === `[${section}]`);
  if (start < 0) return undefined;
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\s*\[[^\]]+\]\s*$/.test(line) && !/^\s/.test(line)) break;
    body.push(line);
  }
  const toml = fileName.endsWith('.toml');
  const read = (key: string) => (toml ? readTomlValue(body, key) : readIniValue(body, key));
  return { testpaths: read('testpaths'), pythonFiles: read('python_files') };
}

function readIniValue(body: string[], key: string): string[] | undefined {
  const at = body.findIndex((l) => new RegExp(`^${key}\\s*[=:]`).test(l));
  if (at < 0) return undefined;
  const words = [body[at]!.replace(/^[^=:]*[=:]/, '')];
  for (const line of body.slice(at + 1)) {
    if (!/^\s+\S/.test(line)) break;
    words.push(line);
  }
  return words
    .join(' ')
    .split(/\s+/)
    .filter((w) => w !== '' && !w.startsWith('#'));
}

function readTomlValue(body: string[], key: string): string[] | undefined {
  const at = body.findIndex((l) => new RegExp(`^\\s*${key}\\s*=`).test(l));
  if (at < 0) return undefined;
  let text = body[at]!.replace(/^[^=]*=/, '');
  // An array may span lines: read until its closing bracket.
  for (let i = at + 1; text.trim().startsWith('[') && !text.includes(']') && i < body.length; i++) text += `\n${body[i]}`;
  return [...text.replace(/#[^\n]*/g, '').matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2] ?? '');
}
