import path from 'node:path';
import type { Language } from './source-file.js';

/** A repository the benchmark samples: its git mirror, the paths a commit must touch to be sampled, its language. */
export interface EvalRepo {
  name: string;
  mirror: string;
  paths: string[];
  language: Language;
}

/**
 * The default set: real, well-kept libraries of each language with
 * cross-file calls (mirrors fetched into /work/.mirror/<owner>+<name>/repo).
 * axios is there for JavaScript but not run by default (time).
 */
const KNOWN: Array<Omit<EvalRepo, 'mirror'> & { default: boolean }> = [
  { name: 'sindresorhus/ky', paths: ['source'], language: 'typescript', default: true },
  { name: 'pallets/click', paths: ['src'], language: 'python', default: true },
  { name: 'encode/httpx', paths: ['httpx'], language: 'python', default: true },
  { name: 'go-chi/chi', paths: ['*.go'], language: 'go', default: true },
  { name: 'gin-gonic/gin', paths: ['*.go'], language: 'go', default: true },
  { name: 'axios/axios', paths: ['lib'], language: 'typescript', default: false },
];

/**
 * `--repos`: comma-separated names of the known set (`ky`, `pallets/click`),
 * or `MIRROR:PATH[+PATH]:LANGUAGE` for any other git directory; empty for
 * the default set.
 */
export function parseRepoList(list: string | undefined, mirrors: string): EvalRepo[] {
  const mirrorOf = (name: string) => path.join(mirrors, name.replace('/', '+'), 'repo');
  if (list === undefined || list.trim() === '') return KNOWN.filter((r) => r.default).map((r) => ({ ...r, mirror: mirrorOf(r.name) }));
  return list.split(',').map((entry) => {
    const spec = entry.trim();
    const known = KNOWN.find((r) => r.name === spec || r.name.split('/')[1] === spec);
    if (known) return { name: known.name, paths: known.paths, language: known.language, mirror: mirrorOf(known.name) };
    const [mirror, paths, language] = spec.split(':');
    if (mirror === undefined || paths === undefined || !['typescript', 'python', 'go'].includes(language ?? '')) {
      throw new Error(
        `--repos: "${spec}" is neither a known repository (${KNOWN.map((r) => r.name).join(', ')}) nor MIRROR:PATH[+PATH]:LANGUAGE (LANGUAGE one of typescript, python, go), e.g. /work/.mirror/koajs+koa/repo:lib:typescript`,
      );
    }
    return {
      name: path.basename(mirror.replace(/\/repo\/?$/, '')).replace('+', '/'),
      mirror,
      paths: paths.split('+'),
      language: language as Language,
    };
  });
}
