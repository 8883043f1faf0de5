// Appwrite's published OpenAPI 3 description (README.md beside this file says which file and why that
// version) as a checker: which operation a request is, whether it carries the operation's required
// parameters, and whether the answer matches the operation's response model.
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { SPEC_FILES, UNDESCRIBED_ROUTES, responseOverlay } from './version.ts';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
}

interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: { required?: string[]; properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}

interface Spec {
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface SpecOperation {
  method: string;
  path: string;
  operationId: string;
  operation: Operation;
}

/** One request and its answer, as the product made it. */
export interface Exchange {
  method: string;
  /** The path below /v1, e.g. /users/abc/labels. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  status: number;
  response: unknown;
}

const readSpec = (file: string) => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as Spec;

// ajv-formats is CommonJS: its default export arrives wrapped under Node's ESM loader.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

export class AppwriteContract {
  readonly version: string;
  readonly operations: SpecOperation[] = [];
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(files: readonly string[] = SPEC_FILES, options: { formatChanges?: boolean } = {}) {
    const specs = files.map(readSpec);
    this.version = specs[0]!.info.version;
    const seen = new Set<string>();
    for (const spec of specs) {
      for (const [path, item] of Object.entries(spec.paths)) {
        for (const method of METHODS) {
          const operation = item[method];
          if (!operation || seen.has(`${method} ${path}`)) continue;
          seen.add(`${method} ${path}`);
          this.operations.push({ method: method.toUpperCase(), path, operationId: operation.operationId, operation });
        }
      }
    }
    // Literal segments before parameters: /account/sessions/email is not /account/sessions/{sessionId}.
    this.operations.sort((a, b) => paramCount(a.path) - paramCount(b.path));
    // OpenAPI 3.0 adds keywords JSON Schema does not know (nullable, x-example, readOnly): not strict.
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    for (const f of ['int32', 'int64', 'double', 'float', 'datetime', 'password', 'enum', 'url', 'ip', 'email', 'binary']) this.ajv.addFormat(f, true);
    // Every component schema of every file, with the response format's known changes (version.ts).
    const schemas: Record<string, Record<string, unknown>> = {};
    for (const spec of specs) Object.assign(schemas, withoutExamples(spec.components.schemas));
    this.ajv.addSchema({ $id: 'appwrite', components: { schemas: options.formatChanges === false ? schemas : responseOverlay(schemas) } });
  }

  /** The operation a request is: the same method on a path template the concrete path fits. */
  find(method: string, path: string): SpecOperation | undefined {
    return this.operations.find((o) => o.method === method && templateRegex(o.path).test(path));
  }

  /** Whether the spec has the path at all (for any method). */
  hasPath(path: string): boolean {
    return this.operations.some((o) => templateRegex(o.path).test(path));
  }

  /** What is wrong with one exchange against the spec; empty when it conforms. */
  check(x: Exchange): string[] {
    const op = this.find(x.method, x.path);
    if (!op && UNDESCRIBED_ROUTES.some((r) => r.method === x.method && r.path === x.path)) return [];
    if (!op) return [this.hasPath(x.path) ? `${x.method} is not an operation of ${x.path}` : `no operation has the path ${x.path}`];
    const problems: string[] = [];
    const queryNames = new Set([...x.query.keys()].map((k) => k.replace(/\[\d*\]$/, '')));
    const declared = new Set((op.operation.parameters ?? []).map((p) => p.name));
    for (const p of op.operation.parameters ?? []) {
      if (p.in === 'query' && p.required && !queryNames.has(p.name)) problems.push(`required query parameter ${p.name} is missing`);
    }
    for (const name of queryNames) {
      if (!declared.has(name) && name !== 'project') problems.push(`query parameter ${name} is not a parameter of ${op.operationId}`);
    }
    // Uploads are multipart (Storage); their fields are checked like a JSON body's.
    const content = op.operation.requestBody?.content;
    const bodySchema = (content?.['application/json'] ?? content?.['multipart/form-data'])?.schema;
    const body = (x.body ?? {}) as Record<string, unknown>;
    for (const name of bodySchema?.required ?? []) if (!(name in body)) problems.push(`required body parameter ${name} is missing`);
    for (const name of Object.keys(body)) {
      if (!bodySchema?.properties || !(name in bodySchema.properties)) problems.push(`body parameter ${name} is not a parameter of ${op.operationId}`);
    }
    if (x.status >= 400) {
      const e = x.response as { message?: unknown; code?: unknown; type?: unknown } | null;
      if (typeof e?.message !== 'string' || e.code !== x.status || typeof e.type !== 'string') problems.push(`error ${x.status} is not Appwrite's {message, code, type}`);
      return problems;
    }
    const response = op.operation.responses[String(x.status)];
    if (!response) return [...problems, `status ${x.status} is not one of ${op.operationId}'s (${Object.keys(op.operation.responses).join(', ')})`];
    const schema = response.content?.['application/json']?.schema;
    if (!schema) {
      if (x.response !== null && x.response !== undefined && x.status === 204) problems.push('a 204 carries a body');
      return problems;
    }
    const validate = this.validator(schema);
    if (!validate(x.response)) {
      for (const e of validate.errors ?? []) problems.push(`response ${e.instancePath || '/'} ${e.message}`);
    }
    return problems;
  }

  private validator(schema: Record<string, unknown>): ValidateFunction {
    const key = JSON.stringify(schema);
    let v = this.validators.get(key);
    if (!v) {
      v = this.ajv.compile(rebase(schema) as object);
      this.validators.set(key, v);
    }
    return v;
  }
}

const paramCount = (path: string) => (path.match(/\{/g) ?? []).length;

const regexCache = new Map<string, RegExp>();
function templateRegex(template: string): RegExp {
  let r = regexCache.get(template);
  if (!r) {
    const source = template.split(/\{[^}]+\}/).map((s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+');
    r = new RegExp(`^${source}$`);
    regexCache.set(template, r);
  }
  return r;
}

/** A copy without `example`/`x-example`: their sample objects carry `$id`s that Ajv would take for schema ids. */
function withoutExamples<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutExamples) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'example' && k !== 'x-example').map(([k, v]) => [k, withoutExamples(v)])) as T;
  }
  return value;
}

/** `#/components/...` references point into the schema registered as `appwrite`. */
function rebase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebase);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `appwrite${v}` : rebase(v)]));
  }
  return value;
}
