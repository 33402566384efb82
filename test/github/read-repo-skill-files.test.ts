import { describe, expect, it } from 'vitest';
import type { Logger } from '../../src/core/ports.js';
import { loadSkills } from '../../src/core/skills/load-skills.js';
import { MAX_SKILL_BYTES } from '../../src/core/skills/parse-skill.js';
import { readRepoSkillFiles } from '../../src/github/read-repo-skill-files.js';
import { github, makeOctokit } from './github-nock.js';

/** Octokit sends the `{path}` of the contents route with its slashes encoded. */
const contents = (path: string) => `/repos/o/r/contents/${encodeURIComponent(path)}`;

const COORDS = { owner: 'o', repo: 'r', ref: 'main' };
const SKILL = '---\nname: release-notes\ndescription: Writes release notes. Triggers on "release notes".\n---\n\nList the changes.\n';

function entry(name: string, type: 'dir' | 'file'): Record<string, unknown> {
  const path = `.github/skills/${name}`;
  return {
    type,
    name,
    path,
    sha: 'a'.repeat(40),
    size: 0,
    url: '',
    html_url: null,
    git_url: null,
    download_url: null,
    _links: { self: '', git: null, html: null },
  };
}

/** The contents API's answer for a file: base64 in lines of 60, as GitHub sends it. */
function fileBody(path: string, text: string): Record<string, unknown> {
  const content = Buffer.from(text).toString('base64').replace(/.{60}/g, '$&\n');
  return {
    ...entry(path.split('/').at(-2) ?? '', 'file'),
    name: 'SKILL.md',
    path,
    size: Buffer.byteLength(text),
    encoding: 'base64',
    content,
  };
}

function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    warnings,
    debug() {},
    info() {},
    warn: (message) => {
      warnings.push(message);
    },
    error() {},
  };
}

describe('readRepoSkillFiles', () => {
  it("reads each skill folder's SKILL.md on the given ref and decodes it", async () => {
    github()
      .get(contents('.github/skills'))
      .query({ ref: 'main' })
      .reply(200, [entry('release-notes', 'dir'), entry('README.md', 'file')])
      .get(contents('.github/skills/release-notes/SKILL.md'))
      .query({ ref: 'main' })
      .reply(200, fileBody('.github/skills/release-notes/SKILL.md', SKILL));

    await expect(readRepoSkillFiles(makeOctokit(), COORDS)).resolves.toEqual([
      { path: '.github/skills/release-notes/SKILL.md', text: SKILL },
    ]);
  });

  it('returns no skills when the ref has no .github/skills folder', async () => {
    github().get(contents('.github/skills')).query({ ref: 'main' }).reply(404, { message: 'Not Found' });

    await expect(readRepoSkillFiles(makeOctokit(), COORDS)).resolves.toEqual([]);
  });

  it('passes over a folder without a SKILL.md and a folder name the path rules refuse', async () => {
    github()
      .get(contents('.github/skills'))
      .query({ ref: 'main' })
      .reply(200, [entry('drafts', 'dir'), entry('..', 'dir'), entry('release-notes', 'dir')])
      .get(contents('.github/skills/drafts/SKILL.md'))
      .query({ ref: 'main' })
      .reply(404, { message: 'Not Found' })
      .get(contents('.github/skills/release-notes/SKILL.md'))
      .query({ ref: 'main' })
      .reply(200, fileBody('.github/skills/release-notes/SKILL.md', SKILL));

    const files = await readRepoSkillFiles(makeOctokit(), COORDS);

    expect(files.map((f) => f.path)).toEqual(['.github/skills/release-notes/SKILL.md']);
  });

  describe('when a SKILL.md is over the size limit', () => {
    it('returns it unread, with its size, for the loader to report; and says so in the log', async () => {
      const big = `${SKILL}${'x'.repeat(MAX_SKILL_BYTES)}`;
      github()
        .get(contents('.github/skills'))
        .query({ ref: 'main' })
        .reply(200, [entry('release-notes', 'dir')])
        .get(contents('.github/skills/release-notes/SKILL.md'))
        .query({ ref: 'main' })
        .reply(200, fileBody('.github/skills/release-notes/SKILL.md', big));
      const logger = recordingLogger();

      const files = await readRepoSkillFiles(makeOctokit(), COORDS, { logger });

      expect(files).toEqual([{ path: '.github/skills/release-notes/SKILL.md', text: '', size: Buffer.byteLength(big) }]);
      expect(logger.warnings).toEqual(['skipped a repository skill over the size limit']);
    });

    it('reports one GitHub sends without content (over 1 MB, encoding "none") as too large, not as a missing skill', async () => {
      const path = '.github/skills/release-notes/SKILL.md';
      github()
        .get(contents('.github/skills'))
        .query({ ref: 'main' })
        .reply(200, [entry('release-notes', 'dir')])
        .get(contents(path))
        .query({ ref: 'main' })
        .reply(200, { ...fileBody(path, ''), size: 2_000_000, encoding: 'none', content: '' });

      const files = await readRepoSkillFiles(makeOctokit(), COORDS);
      const loaded = loadSkills({ builtIn: [], repository: files });

      expect(loaded.skills).toEqual([]);
      expect(loaded.problems).toEqual([
        {
          path,
          message: 'the file is 2,000,000 bytes, over the 65,536-byte (64 KB) limit for a SKILL.md, so the skill was not loaded',
          fix: 'shorten the instructions (Agent Skills asks for under 500 lines); move long reference material to a separate file the skill mentions',
        },
      ]);
    });
  });

  it('reads at most 50 skills, the first by path', async () => {
    const names = Array.from({ length: 52 }, (_, i) => `skill-${String(i).padStart(2, '0')}`);
    const scope = github()
      .get(contents('.github/skills'))
      .query({ ref: 'main' })
      .reply(
        200,
        [...names].reverse().map((n) => entry(n, 'dir')),
      );
    for (const name of names.slice(0, 50)) {
      const path = `.github/skills/${name}/SKILL.md`;
      scope
        .get(contents(path))
        .query({ ref: 'main' })
        .reply(200, fileBody(path, SKILL.replace('release-notes', name)));
    }
    const logger = recordingLogger();

    const files = await readRepoSkillFiles(makeOctokit(), COORDS, { logger });

    expect(files.map((f) => f.path)).toEqual(names.slice(0, 50).map((n) => `.github/skills/${n}/SKILL.md`));
    expect(logger.warnings).toEqual(['too many repository skills: only the first are read']);
  });

  it('lets any other GitHub error through', async () => {
    github().get(contents('.github/skills')).query({ ref: 'main' }).reply(403, { message: 'Resource not accessible by integration' });

    await expect(readRepoSkillFiles(makeOctokit(), COORDS)).rejects.toMatchObject({ status: 403 });
  });
});
