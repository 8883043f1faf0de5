// The unmodified `appwrite` SDK in a real browser (Debian chromium) against the emulator: a page on another
// origin of localhost signs up, signs in (session cookie + X-Fallback-Cookies in localStorage), reads and
// writes documents, gets realtime events, and signs in through the OAuth consent page.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningAppwrite } from '../emulators/appwrite/index.ts';
import { testSeed } from '../emulators/appwrite/fixtures.ts';

const CHROMIUM = '/usr/bin/chromium';
const PROJECT = 'agency-browser';
const sdk = readFileSync(new URL('../../node_modules/appwrite/dist/iife/sdk.js', import.meta.url), 'utf8');

let aw: RunningAppwrite;
let site: Server;
let siteOrigin: string;
let browser: Browser;
const consoleErrors: string[] = [];

async function openPage(): Promise<Page> {
  const page = await browser.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  await page.goto(`${siteOrigin}/`);
  return page;
}

describe.skipIf(!existsSync(CHROMIUM))('the SDK in chromium', () => {
  beforeAll(async () => {
    site = createServer((req, res) => {
      if (req.url === '/sdk.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript' });
        res.end(sdk);
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<!doctype html><html lang="en"><head><title>site</title><script src="/sdk.js"></script></head><body><h1>${req.url}</h1></body></html>`);
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`;
    aw = await start({ port: 0, seed: testSeed, origins: [siteOrigin] });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await aw?.close();
    await new Promise<void>((r) => (site ? site.close(() => r()) : r()));
  });

  it('signs up, signs in, keeps the session, reads and writes documents and receives realtime events', async () => {
    const page = await openPage();
    const email = `browser.${Date.now()}@example.com`;
    const result = await page.evaluate(
      async ({ endpoint, project, email }) => {
        const { Client, Account, Databases, Realtime, ID, Query } = (window as unknown as { Appwrite: typeof import('appwrite') }).Appwrite;
        const client = new Client().setEndpoint(endpoint).setProject(project);
        const account = new Account(client);
        await account.create({ userId: ID.unique(), email, password: 'password-123', name: 'Browser' });
        let wrong = '';
        try {
          await account.createEmailPasswordSession({ email, password: 'wrong-password' });
        } catch (e) {
          wrong = (e as { type: string }).type;
        }
        await account.createEmailPasswordSession({ email, password: 'password-123' });
        const me = await account.get();
        const fallback = localStorage.getItem('cookieFallback');
        // The session also works from the cookie alone (first-party, same site).
        localStorage.removeItem('cookieFallback');
        const byCookie = await account.get();

        const events: string[][] = [];
        const realtime = new Realtime(client);
        const sub = await realtime.subscribe(['databases.main.collections.notes.documents'], (e) => events.push(e.events));
        await new Promise((r) => setTimeout(r, 300));
        const db = new Databases(client);
        const doc = await db.createDocument({ databaseId: 'main', collectionId: 'notes', documentId: ID.unique(), data: { text: 'from the browser' } });
        const listed = await db.listDocuments({ databaseId: 'main', collectionId: 'notes', queries: [Query.equal('text', 'from the browser')] });
        for (let i = 0; i < 30 && !events.length; i++) await new Promise((r) => setTimeout(r, 100));
        await sub.close();
        await realtime.disconnect();
        const { jwt } = await account.createJWT();
        await account.deleteSession({ sessionId: 'current' });
        let after = '';
        try {
          await account.get();
        } catch (e) {
          after = (e as { type: string }).type;
        }
        return { wrong, me: me.email, fallback, byCookie: byCookie.email, doc: doc.$id, listed: listed.documents.map((d) => d.$id), events, jwt, after };
      },
      { endpoint: aw.url, project: PROJECT, email },
    );
    expect(result.wrong).toBe('user_invalid_credentials');
    expect(result.me).toBe(email);
    expect(JSON.parse(result.fallback!)).toHaveProperty(`a_session_${PROJECT}`);
    expect(result.byCookie).toBe(email);
    expect(result.listed).toEqual([result.doc]);
    expect(result.events[0]).toContain(`databases.main.collections.notes.documents.${result.doc}.create`);
    expect(result.jwt.split('.')).toHaveLength(3);
    expect(result.after).toBe('general_unauthorized_scope');
    expect(consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.close();
  }, 30_000);

  it('signs in through the OAuth consent page and returns to the site signed in', async () => {
    const page = await openPage();
    const email = `oauth.${Date.now()}@example.com`;
    await page.evaluate(
      ({ endpoint, project, origin }) => {
        const { Client, Account, OAuthProvider } = (window as unknown as { Appwrite: typeof import('appwrite') }).Appwrite;
        new Account(new Client().setEndpoint(endpoint).setProject(project)).createOAuth2Session({ provider: OAuthProvider.Google, success: `${origin}/dashboard`, failure: `${origin}/sign-in` });
      },
      { endpoint: aw.url, project: PROJECT, origin: siteOrigin },
    );
    await page.waitForURL(/\/v1\/__oauth\/google\/authorize/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name').fill('Oauth Person');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${siteOrigin}/dashboard`);
    const me = await page.evaluate(
      async ({ endpoint, project }) => {
        const { Client, Account } = (window as unknown as { Appwrite: typeof import('appwrite') }).Appwrite;
        return (await new Account(new Client().setEndpoint(endpoint).setProject(project)).get()).email;
      },
      { endpoint: aw.url, project: PROJECT },
    );
    expect(me).toBe(email);
    await page.close();
  }, 30_000);
});
