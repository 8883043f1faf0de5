import { env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { hc } from 'hono/client';
import worker from '../../functions/index.ts';
import type { AppType } from '../../functions/index.ts';
import type { SubmissionMessage } from '../../shared/submission.ts';
import { accounts, freshIp } from './appwrite-helpers.ts';

// The Worker as one caller sees it through the typed client, with a SUBMISSIONS queue that keeps what is sent
// (the jobs a route queued, to read them) and the rest of `overrides`: the lead page composers' tests.

export type Who = 'anonymous' | 'user' | 'moderator' | 'admin';
const jwtOf: Record<Who, string | undefined> = { anonymous: undefined, user: accounts.user.jwt, moderator: accounts.moderator.jwt, admin: accounts.admin.jwt };

export function staffWorker(who: Who = 'moderator', overrides: Partial<Env> = {}) {
  const jobs: SubmissionMessage[] = [];
  const queue = { send: async (m: SubmissionMessage) => void jobs.push(m) } as unknown as Queue;
  const testEnv = { ...env, SUBMISSIONS: queue, ...overrides } as Env;
  const headers: Record<string, string> = { 'CF-Connecting-IP': freshIp() };
  const jwt = jwtOf[who];
  if (jwt) headers.Authorization = `Bearer ${jwt}`;
  const api = hc<AppType>('http://localhost', {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => worker.fetch(new Request(input, init), testEnv, createExecutionContext()),
    headers,
  }).api;
  return { jobs, api };
}
