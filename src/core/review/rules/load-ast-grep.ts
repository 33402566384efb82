import { createRequire } from 'node:module';
import type { RuleLanguage } from './ast-grep-rule.js';

type Napi = typeof import('@ast-grep/napi');

const require = createRequire(import.meta.url);
let loaded: Napi | undefined;

/**
 * ast-grep's native engine, loaded on the first review that has a rule to
 * run (about 15 ms), with the Python and Go grammars registered once per
 * process: their packages ship prebuilt parsers for Linux, macOS and
 * Windows, found at load time (their postinstall script only logs, so it
 * is not allowed to run).
 */
export function loadAstGrep(): Napi {
  if (loaded) return loaded;
  const napi = require('@ast-grep/napi') as Napi;
  napi.registerDynamicLanguage({
    python: require('@ast-grep/lang-python') as Parameters<Napi['registerDynamicLanguage']>[0][string],
    go: require('@ast-grep/lang-go') as Parameters<Napi['registerDynamicLanguage']>[0][string],
  });
  loaded = napi;
  return napi;
}

/** The name ast-grep knows a language by. */
export function toNapiLanguage(napi: Napi, language: RuleLanguage): string {
  switch (language) {
    case 'TypeScript':
      return napi.Lang.TypeScript;
    case 'Tsx':
      return napi.Lang.Tsx;
    case 'JavaScript':
      return napi.Lang.JavaScript;
    default:
      return language;
  }
}
