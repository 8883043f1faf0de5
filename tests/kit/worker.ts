// The Worker's API for the tests that run inside workerd: Hono's typed client over the AppType the SPA
// uses (web/api/client.ts), sending through the test's own Worker, so a renamed route or a changed body
// fails `tsc` in the tests too.
import { exports } from 'cloudflare:workers';
import { hc } from 'hono/client';
import type { AppType } from '../../functions/index.ts';

let ip = 0;

/** The typed `/api` client, as a visitor at an address of its own (no shared rate-limit budget), signed in with `jwt` when given. */
export function workerApi(options: { jwt?: string; ip?: string } = {}) {
  const headers: Record<string, string> = { 'CF-Connecting-IP': options.ip ?? `198.51.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}` };
  if (options.jwt) headers.Authorization = `Bearer ${options.jwt}`;
  return hc<AppType>('http://localhost', { fetch: (input: RequestInfo | URL, init?: RequestInit) => exports.default.fetch(input, init), headers }).api;
}
