import type { RepoSource } from '../ports.js';
import type { FileToChange } from './find-files-to-change.js';

/** The files a plan reads whole: at most the four "Make the change" can list (select-files-to-change.ts). */
const MAX_READ = 4;

/**
 * The text of the files the request names (certainty `named`), for the plan to rank a named class's methods by
 * their bodies (focus-on-named-code.ts); a file that cannot be read is left out, and its methods ranked by the
 * lines the exploration read.
 */
export async function readNamedTexts(source: Pick<RepoSource, 'readFile'>, files: FileToChange[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const f of files.filter((file) => file.certainty === 'named').slice(0, MAX_READ)) {
    try {
      texts.set(f.path, await source.readFile(f.path));
    } catch {
      // Gone or unreadable since the index was built: the evidence's lines stand in.
    }
  }
  return texts;
}
