import type { LineRef } from '../render/link-to.js';
import type { ExistingMechanism } from './find-existing-mechanism.js';
import type { FileToChange } from './find-files-to-change.js';

/** A module the plan rests on, with the place in it that made it relevant. */
export interface PlanModule {
  path: string;
  why: string;
  /** The lines that matched; none when nothing in the file was matched or read (it is named, not linked to a head). */
  ref: LineRef | undefined;
  /** `change`: proposed under "Make the change"; `related`: read first, not expected to change (selectFilesToChange). */
  role: 'change' | 'related';
}

export interface PlanSymbol {
  name: string;
  kind: string;
  signature: string;
  ref: LineRef;
  /** Call sites found in the graph (depth 1), and the files they are in; at most PLAN_CALLER_CAP. */
  callers: number;
  callerFiles: number;
  /** More call sites than the plan counted (callers is the cap): said "200+", never a false count. */
  moreCallers?: boolean;
  /** Calls by the method's name on receivers the index could not type: not counted, said. */
  untold?: number;
}

/** The call sites a plan counts per symbol; past it the count is said as a floor. */
export const PLAN_CALLER_CAP = 200;

/** "1 call site", "12 call sites", "200+ call sites" (with `inFiles`: "… in 3 files", "… in 40+ files"). */
export function describeCallSites(
  s: Pick<PlanSymbol, 'callers' | 'callerFiles' | 'moreCallers'>,
  options: { inFiles?: boolean } = {},
): string {
  const more = s.moreCallers === true ? '+' : '';
  const sites = `${s.callers}${more} call site${s.callers === 1 && more === '' ? '' : 's'}`;
  if (options.inFiles !== true) return sites;
  return `${sites} in ${s.callerFiles}${more} file${s.callerFiles === 1 && more === '' ? '' : 's'}`;
}

export interface PlanPhase {
  name: string;
  tasks: string[];
  files: string[];
}

/** A plan as data: the offline builder or the model fills it, a renderer prints it. */
export interface PlanDoc {
  /** 'plan' for planning, 'refactor' for refactoring (same shape, other headings). */
  flavour: 'plan' | 'refactor' | 'work';
  title: string;
  goal: string;
  context: {
    modules: PlanModule[];
    symbols: PlanSymbol[];
    patterns: { text: string; ref: LineRef }[];
    /** What the request asks for that the tree already has (retries, a cache…), with the code that proves it. */
    existing?: ExistingMechanism[];
  };
  phases: PlanPhase[];
  acceptance: string[];
  risks: { risk: string; mitigation: string }[];
  /** Sections a model wrote (title, body, citations), rendered after the index context. */
  modelSections: { title: string; body: string; citations: LineRef[] }[];
  confidence: string;
  gaps: string[];
  /** The files to change, most certain first, with the code in each and its tests (findTestsFor). */
  files: FileToChange[];
}
