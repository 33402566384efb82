import { describe, expect, it } from 'vitest';
import { loadSkills } from '../../../src/core/skills/load-skills.js';
import { readBuiltInSkillFiles } from '../../../src/core/skills/read-built-in-skill-files.js';
import { ROUTE_THRESHOLD, routeRequest, toSkillCommand } from '../../../src/core/skills/route-request.js';
import type { Skill } from '../../../src/core/skills/types.js';
import { HELD_OUT_PROMPTS, ROUTING_PROMPTS } from '../../../bench/routing/routing-prompts.js';
import { routeByWordOverlap } from '../../../bench/routing/word-overlap-floor.js';

const builtIn = await readBuiltInSkillFiles();
const { skills } = loadSkills({ builtIn, repository: [] });
const withRepository = (...files: { name: string; front: string }[]) =>
  loadSkills({
    builtIn,
    repository: files.map((f) => ({
      path: `.github/skills/${f.name}/SKILL.md`,
      text: `---\nname: ${f.name}\n${f.front}\n---\nInstructions.\n`,
    })),
  }).skills;

function accuracy(set: typeof ROUTING_PROMPTS, route: (prompt: string) => string) {
  const misses = set.filter(([prompt, expected]) => route(prompt) !== expected).map(([p, e]) => `${e} -> ${route(p)}: ${p}`);
  return { accuracy: 1 - misses.length / set.length, misses };
}

describe('routeRequest', () => {
  describe('on the labelled set of free-text requests', () => {
    it('has at least 60 varied prompts covering every skill command', () => {
      expect(ROUTING_PROMPTS.length).toBeGreaterThanOrEqual(60);
      expect(new Set(ROUTING_PROMPTS.map(([, e]) => e))).toEqual(
        new Set(['plan', 'review', 'explain', 'diagram', 'debug', 'refactor', 'work']),
      );
    });

    it('routes at least 90% to the expected command', () => {
      const result = accuracy(ROUTING_PROMPTS, (p) => routeRequest(p, skills).command);
      expect(result.accuracy, `misses:\n${result.misses.join('\n')}`).toBeGreaterThanOrEqual(0.9);
    });

    it('routes at least 80% of prompts it was never tuned on', () => {
      const result = accuracy(HELD_OUT_PROMPTS, (p) => routeRequest(p, skills).command);
      expect(result.accuracy, `misses:\n${result.misses.join('\n')}`).toBeGreaterThanOrEqual(0.8);
    });

    it("beats seed 001's plain word overlap by a wide margin", () => {
      const byName = (name: string) => toSkillCommand(skills.find((s) => s.name === name) as Skill);
      const floor = accuracy(ROUTING_PROMPTS, (p) => byName(routeByWordOverlap(p, skills))).accuracy;
      const ours = accuracy(ROUTING_PROMPTS, (p) => routeRequest(p, skills).command).accuracy;
      expect(floor).toBeLessThan(0.5);
      expect(ours - floor).toBeGreaterThan(0.4);
    });
  });

  describe('with an explicit command as the first word', () => {
    it.each([
      ['plan add retries to the uploader', 'plan', 'nanodex-planning', 'add retries to the uploader'],
      ['/Review src/auth', 'review', 'nanodex-reviewing', 'src/auth'],
      ['EXPLAIN: the budget meter', 'explain', 'nanodex-explaining', 'the budget meter'],
      ['ask how the index is stored', 'explain', 'nanodex-explaining', 'how the index is stored'],
      ['diagram the explore folder', 'diagram', 'nanodex-diagramming', 'the explore folder'],
      ['debug the flaky bench', 'debug', 'nanodex-debugging', 'the flaky bench'],
      ['refactor parse-file.ts', 'refactor', 'nanodex-refactoring', 'parse-file.ts'],
      ['work #12', 'work', 'nanodex-working', '#12'],
      ['@nanodex plan a cache', 'plan', 'nanodex-planning', 'a cache'],
    ])('routes "%s" to %s', (text, command, skill, prompt) => {
      expect(routeRequest(text, skills)).toMatchObject({ command, skill: { name: skill }, prompt, how: 'command', scores: [] });
    });

    it.each([
      ['map --tokens 800', 'map'],
      ['find parseRepoPath', 'find'],
      ['refs splitHeaders', 'refs'],
      ['help', 'help'],
      ['help plan', 'help'],
    ])('routes "%s" to the index command %s, with no skill', (text, command) => {
      expect(routeRequest(text, skills)).toMatchObject({ command, skill: undefined, how: 'command' });
    });

    it('treats "help me…", "map out…" and "work out…" as free text, not commands', () => {
      expect(routeRequest('help me understand the index', skills)).toMatchObject({
        command: 'explain',
        how: expect.not.stringMatching('command'),
      });
      expect(routeRequest('help me', skills).command).toBe('explain');
      expect(routeRequest('map out the entities and their relationships', skills).command).toBe('diagram');
      expect(routeRequest('work out why the upload crashes', skills).command).toBe('debug');
    });

    it('treats "fix" as free text', () => {
      expect(routeRequest('fix the crash in readLines', skills)).toMatchObject({ command: 'debug', how: 'scored' });
    });
  });

  describe('when nothing scores high enough', () => {
    it('falls back to explaining and still records every score', () => {
      const route = routeRequest('the thing with the stuff', skills);
      expect(route).toMatchObject({ command: 'explain', skill: { name: 'nanodex-explaining' }, how: 'fallback', score: 0 });
      expect(route.scores).toHaveLength(skills.length);
      expect(route.scores.every((s) => s.score < ROUTE_THRESHOLD)).toBe(true);
    });

    it('asks for help on an empty request', () => {
      expect(routeRequest('  ', skills)).toMatchObject({ command: 'help', skill: undefined, how: 'fallback' });
    });
  });

  it('reports scores best first, with the chosen skill first', () => {
    const route = routeRequest('draw the module graph', skills);
    expect(route).toMatchObject({ how: 'scored', skill: { name: 'nanodex-diagramming' } });
    expect(route.scores[0]).toEqual({ name: 'nanodex-diagramming', score: route.score });
    expect(route.scores.map((s) => s.score)).toEqual([...route.scores.map((s) => s.score)].sort((a, b) => b - a));
  });

  describe('with repository skills', () => {
    const releaseNotes = {
      name: 'release-notes',
      front:
        'description: Drafts release notes from merged pull requests. Triggers on "release notes", "changelog".\nmetadata:\n  command: plan',
    };

    it('picks a repository skill by score, with the command its metadata names', () => {
      const route = routeRequest('write the changelog for 2.0', withRepository(releaseNotes));
      expect(route).toMatchObject({ command: 'plan', skill: { name: 'release-notes', source: 'repository' }, how: 'scored' });
    });

    it('picks a repository skill named as the first word', () => {
      expect(routeRequest('release-notes since v1.4', withRepository(releaseNotes))).toMatchObject({
        command: 'plan',
        skill: { name: 'release-notes' },
        prompt: 'since v1.4',
        how: 'command',
      });
    });

    it('never lets a skill named like a command shadow the command', () => {
      const review = { name: 'review', front: 'description: Our checklist.\nmetadata:\n  command: explain' };
      expect(routeRequest('review the diff', withRepository(review))).toMatchObject({
        command: 'review',
        skill: { name: 'nanodex-reviewing' },
      });
    });

    it('defaults a repository skill without metadata.command to explain', () => {
      const glossary = { name: 'glossary', front: 'description: Defines domain terms. Triggers on "glossary", "define".' };
      expect(routeRequest('define tenant', withRepository(glossary))).toMatchObject({ command: 'explain', skill: { name: 'glossary' } });
    });

    it("runs the repository's override for an explicit command", () => {
      const mine = { name: 'nanodex-planning', front: 'description: Our planning format.\nmetadata:\n  command: plan' };
      expect(routeRequest('plan a cache', withRepository(mine))).toMatchObject({ command: 'plan', skill: { source: 'repository' } });
    });
  });
});
