import type { LineRef } from '../render/link-to.js';
import type { FoundTest } from '../tests/find-tests-for.js';

/** A file a plan proposes to change, with the code in it and how certain that is. */
export interface FileToChange {
  path: string;
  /** Functions, methods or classes in it the evidence points at, most relevant first (`Scope.name`). */
  symbols: string[];
  /** Where that code is: the best excerpt of the file. */
  ref: LineRef | undefined;
  /**
   * `named`: the request names it, so it is near certain to change (findCertainFiles: its path, or a definition only it
   * has); `matched`: the request's words matched its code; `linked`: found through the graph only.
   */
  certainty: 'named' | 'matched' | 'linked';
  why: string;
  /**
   * `change`: listed under "Make the change" (it has evidence for this change: selectFilesToChange);
   * `related`: a file to read first, not expected to change.
   */
  role: 'change' | 'related';
  /** Its tests, best first (findTestsFor: the ecosystem's conventions and the index). */
  tests: FoundTest[];
  /** When it has none: whether that is sure, and what was looked for or why it could not be told. */
  noTests?: { sure: boolean; why: string };
}
