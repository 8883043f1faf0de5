// The request context shared by every route module, and the parameter readers with Appwrite's validation
// messages (utopia validators: "Invalid `email` param: Value must be a valid email address").
import type { IncomingMessage } from 'node:http';
import { AppwriteError, invalidParam, missingParam } from './errors.ts';
import type { Store } from './store.ts';
import type { Clock } from './util.ts';
import type { Seed, SeedApiKey, SeedCollection, SessionRecord, UserRecord } from './types.ts';

export type Auth =
  | { role: 'guests' }
  | { role: 'users'; user: UserRecord; session: SessionRecord | null; via: 'session' | 'jwt' }
  | { role: 'applications'; key: SeedApiKey };

export interface RealtimeEvent {
  project: string;
  events: string[];
  channels: string[];
  /** Roles that may receive the event (read permissions); empty means nobody but matching user channels. */
  roles: string[];
  payload: Record<string, unknown>;
}

export interface Emulator {
  store: Store;
  seed: Seed;
  clock: Clock;
  jwtKey: string;
  /** http://localhost:PORT, no /v1. */
  origin: string;
  /** Allowed web origins (CORS); undefined allows any origin. */
  origins: string[] | undefined;
  schema: Map<string, Map<string, SeedCollection>>;
  ensureProject(project: string): Promise<void>;
  publish(event: RealtimeEvent): void;
}

export interface Ctx {
  emu: Emulator;
  req: IncomingMessage;
  method: string;
  url: URL;
  /** Path after /v1. */
  path: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  project: string;
  cookies: Record<string, string>;
  hostname: string;
  protocol: 'http' | 'https';
  ip: string;
  userAgent: string;
  auth: Auth;
  /** Response headers and cookies collected by handlers. */
  headers: Record<string, string>;
  setCookies: string[];
}

export type Result =
  | { status?: number; json: unknown }
  | { status: 204 }
  | { redirect: string; status?: number }
  | { html: string; status?: number }
  | { text: string; status?: number }
  /** A file's bytes (Storage downloads). */
  | { bytes: Uint8Array<ArrayBuffer>; type: string; status?: number };

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** Scopes that allow the route (any of them). */
  scope: string | string[];
  /** In Appwrite's "mfa" group: reachable while the session still lacks its second factor. */
  mfa?: boolean;
  /** In Appwrite's "session" group: refused when the caller is already signed in. */
  session?: boolean;
  /** Needs a challenge completed in the last 5 minutes (Appwrite's "mfaProtected" group). */
  mfaProtected?: boolean;
  handler(ctx: Ctx): Result | Promise<Result>;
}

export const now = (ctx: Ctx) => ctx.emu.clock();

/** GET parameters come from the query string, everything else from the JSON body. */
export function raw(ctx: Ctx, name: string): unknown {
  return ctx.method === 'GET' ? ctx.query[name] : ctx.body[name];
}

export function optString(ctx: Ctx, name: string, max = 2048): string | undefined {
  const value = raw(ctx, name);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidParam(name, `Value must be a valid string and at least 1 chars and no longer than ${max} chars`);
  if (value.length > max) throw invalidParam(name, `Value must be a valid string and at least 1 chars and no longer than ${max} chars`);
  return value;
}

export function reqString(ctx: Ctx, name: string, max = 2048): string {
  const value = optString(ctx, name, max);
  if (value === undefined || value === '') throw missingParam(name);
  return value;
}

const CUSTOM_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;
export const CUSTOM_ID_DESCRIPTION =
  "Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char";

/** A custom id or the literal 'unique()' (what ID.unique() replaced in old SDKs). */
export function customId(ctx: Ctx, name: string): string {
  const value = reqString(ctx, name, 36);
  if (value !== 'unique()' && !CUSTOM_ID.test(value)) throw invalidParam(name, CUSTOM_ID_DESCRIPTION);
  return value;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => EMAIL.test(value) && value.length <= 255;

export function email(ctx: Ctx, name = 'email'): string {
  const value = reqString(ctx, name);
  if (!isEmail(value)) throw invalidParam(name, 'Value must be a valid email address');
  return value.toLowerCase();
}

export const PASSWORD_DESCRIPTION = 'Password must be between 8 and 256 characters long.';

export function password(ctx: Ctx, name = 'password', required = true): string {
  const value = required ? reqString(ctx, name, 4096) : (optString(ctx, name, 4096) ?? '');
  if (!required && value === '') return value;
  if (value.length < 8 || value.length > 256) throw invalidParam(name, PASSWORD_DESCRIPTION);
  return value;
}

const PHONE = /^\+[1-9]\d{6,14}$/;
export function phone(ctx: Ctx, name = 'phone'): string {
  const value = reqString(ctx, name);
  if (!PHONE.test(value)) throw invalidParam(name, "Phone number must start with a '+' can have a maximum of fifteen digits.");
  return value;
}

export function optBoolean(ctx: Ctx, name: string): boolean | undefined {
  const value = raw(ctx, name);
  if (value === undefined || value === null) return undefined;
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  throw invalidParam(name, 'Value must be a valid boolean');
}

export function optNumber(ctx: Ctx, name: string): number | undefined {
  const value = raw(ctx, name);
  if (value === undefined || value === null) return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw invalidParam(name, 'Value must be a valid float');
  return n;
}

export function stringArray(ctx: Ctx, name: string): string[] | undefined {
  const value = raw(ctx, name);
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw invalidParam(name, 'Value must a valid array and Value must be a valid string and at least 1 chars and no longer than 4096 chars');
  return value as string[];
}

/** Hosts allowed in redirect URLs: the project's web platforms (the allowed origins) and localhost. */
export function redirectUrl(ctx: Ctx, name: string, required: boolean): string | undefined {
  const value = required ? reqString(ctx, name) : optString(ctx, name);
  if (value === undefined || value === '') return undefined;
  const hosts = allowedHosts(ctx);
  let host = '';
  try {
    const u = new URL(value);
    if (u.protocol === 'http:' || u.protocol === 'https:') host = u.hostname;
  } catch {
    // invalid URL: same description as Appwrite's Host validator
  }
  if (!host || (hosts && !hosts.includes(host))) {
    throw invalidParam(name, `URL host must be one of: ${(hosts ?? ['localhost']).join(', ')}`);
  }
  return value;
}

export function allowedHosts(ctx: Ctx): string[] | undefined {
  if (!ctx.emu.origins) return undefined;
  const hosts = new Set(['localhost', new URL(ctx.emu.origin).hostname]);
  for (const o of ctx.emu.origins) {
    try {
      hosts.add(new URL(o).hostname);
    } catch {
      // ignore malformed configuration
    }
  }
  return [...hosts];
}

export function requireUser(ctx: Ctx): { user: UserRecord; session: SessionRecord | null } {
  if (ctx.auth.role !== 'users') throw new AppwriteError('general_unauthorized_scope', 'User (role: guests) missing scopes (["account"])');
  return { user: ctx.auth.user, session: ctx.auth.session };
}

export const json = (value: unknown, status = 200): Result => ({ status, json: value });
export const noContent = (): Result => ({ status: 204 });
