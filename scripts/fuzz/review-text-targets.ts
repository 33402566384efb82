import { createTwoFilesPatch } from 'diff';
import fc from 'fast-check';
import { findLinkedIssues } from '../../src/core/review/find-linked-issues.js';
import { findMovedBlocks, MIN_MOVED_LINES } from '../../src/core/review/find-moved-blocks.js';
import { parseDiff } from '../../src/core/review/parse-diff.js';
import { reconstructBase } from '../../src/core/review/reconstruct-base.js';
import { hostileString } from './hostile-text.js';
import type { FuzzTarget, Verdict } from './run-target.js';

const REPO = /^[A-Za-z0-9][A-Za-z0-9-]*\/[A-Za-z0-9._-]+$/;

/** Pull request text and commit messages: references among hostile text. */
const issueText = fc.oneof(
  hostileString,
  fc
    .array(
      fc.oneof(
        hostileString,
        fc.constantFrom(
          'fixes #12',
          'Closes o/r#3',
          'resolved: #0',
          'GH-99999999',
          'see https://github.com/a/b/issues/7',
          '(#2356)',
          'x#5',
        ),
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join(' ')),
);

export const linkedIssuesTarget: FuzzTarget<string[]> = {
  name: 'review: findLinkedIssues',
  runs: 10_000,
  arbitrary: fc.array(issueText, { minLength: 1, maxLength: 4 }),
  check: (texts): Verdict | undefined => {
    const issues = findLinkedIssues(texts.map((text, i) => ({ text, from: `c${i}` })));
    if (issues.length > 20) return { violation: `${issues.length} issues kept` };
    const bad = issues.find(
      (i) => !Number.isSafeInteger(i.number) || i.number < 1 || i.number > 9_999_999 || (i.repo !== undefined && !REPO.test(i.repo)),
    );
    if (bad) return { violation: `kept ${JSON.stringify(bad).slice(0, 120)}` };
    return { accepted: issues.length > 0 };
  },
};

/** Line-based text: code-like lines, repeats (moves), hostile ones; always newline-terminated. */
const line = fc.oneof(
  fc.constantFrom('    return value', '}', '', 'def handler(request):', '  const total = items.length;', '        pass', '\t\tif (x) {'),
  hostileString.map((s) => s.replace(/[\r\n]/g, ' ').slice(0, 200)),
);
const text = fc.array(line, { maxLength: 60 }).map((lines) => lines.map((l) => `${l}\n`).join(''));

/**
 * The walkthrough's pieces on real diffs (jsdiff from one text to another):
 * the base is rebuilt exactly from the head and the diff, and moved blocks
 * are within the changed lines and at least the minimum size.
 */
export const walkthroughTarget: FuzzTarget<{ before: string; after: string }> = {
  name: 'review: reconstructBase + findMovedBlocks',
  runs: 5_000,
  arbitrary: fc.oneof(
    fc.record({ before: text, after: text }),
    // A block cut from one place and pasted at another, re-indented or not.
    fc.tuple(text, text, fc.array(line, { minLength: 5, maxLength: 12 }), fc.boolean()).map(([a, b, block, indent]) => {
      const body = block.map((l) => `${l}\n`).join('');
      return { before: `${body}${a}${b}`, after: `${a}${indent ? body.replace(/^(?=.)/gm, '    ') : body}${b}` };
    }),
  ),
  check: ({ before, after }): Verdict | undefined => {
    const files = parseDiff(createTwoFilesPatch('a/x.py', 'b/x.py', before, after).replace(/^Index:.*\n=+\n/, ''));
    if (files.length === 0) return undefined;
    const [file] = files;
    const rebuilt = reconstructBase(file!, after);
    if (rebuilt !== before) return { violation: 'the base rebuilt from the head and the diff is not the base' };
    for (const m of findMovedBlocks(files)) {
      if (m.lines < MIN_MOVED_LINES) return { violation: `a move of ${m.lines} lines` };
      if (m.from.endLine < m.from.startLine || m.to.endLine < m.to.startLine) return { violation: 'a move with an inverted range' };
    }
    return { accepted: true };
  },
};
