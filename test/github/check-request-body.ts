import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';

/**
 * Checks a request body against GitHub's published REST description
 * (@octokit/openapi). GitHub ignores unknown fields, so a misspelt one
 * (`startLine` for `start_line`) would pass silently; here every object that
 * lists its properties is closed, so it fails. Reusable by the App and Action
 * tests: `checkRequestBody('POST', '/repos/{owner}/{repo}/pulls/{pull_number}/reviews', body)`.
 */
export function checkRequestBody(method: string, pathTemplate: string, body: unknown): void {
  const validate = validatorFor(method.toLowerCase(), pathTemplate);
  if (!validate(body)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    throw new Error(
      `${method.toUpperCase()} ${pathTemplate}: the body does not match GitHub's schema:\n${problems.join('\n')}\nbody: ${JSON.stringify(body)}`,
    );
  }
}

interface Spec {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
}

let spec: Spec | undefined;
const validators = new Map<string, ValidateFunction>();
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });

function validatorFor(method: string, pathTemplate: string): ValidateFunction {
  const key = `${method} ${pathTemplate}`;
  const cached = validators.get(key);
  if (cached !== undefined) return cached;
  // The non-dereferenced file is 13 MB against 73 MB: read once per test file, $refs resolved below.
  spec ??= JSON.parse(
    readFileSync(createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8'),
  ) as Spec;
  const operation = spec.paths[pathTemplate]?.[method];
  if (operation === undefined) throw new Error(`GitHub's REST description has no operation ${method.toUpperCase()} ${pathTemplate}`);
  const schema = operation.requestBody?.content['application/json']?.schema;
  if (schema === undefined) throw new Error(`${method.toUpperCase()} ${pathTemplate} takes no JSON body`);
  const validate = ajv.compile(closeObjects(resolveRefs(schema, spec, 0), false) as object);
  validators.set(key, validate);
  return validate;
}

function resolveRefs(node: unknown, root: unknown, depth: number): unknown {
  if (depth > 40) return {};
  if (Array.isArray(node)) return node.map((n) => resolveRefs(n, root, depth + 1));
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  if (typeof record.$ref === 'string') {
    const target = record.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, part) => (at as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')], root);
    return resolveRefs(target, root, depth + 1);
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, resolveRefs(v, root, depth + 1)]));
}

/** Adds `additionalProperties: false` where a schema lists properties and says nothing; not inside allOf (it would reject the other branches' keys). */
function closeObjects(node: unknown, inAllOf: boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => closeObjects(n, inAllOf));
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const out = Object.fromEntries(Object.entries(record).map(([k, v]) => [k, closeObjects(v, k === 'allOf')]));
  if (!inAllOf && record.properties !== undefined && record.additionalProperties === undefined) out.additionalProperties = false;
  // OpenAPI 3.0's `nullable` without a `type` (e.g. an issue's `milestone`) is not JSON Schema: say it as anyOf.
  if (record.nullable === true && record.type === undefined) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}
