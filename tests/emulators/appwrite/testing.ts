// Test helpers for the Appwrite emulator: SDK clients that keep their session the way a browser does, and
// mailbox readers. In Node the `appwrite` SDK neither stores cookies nor localStorage; a browser client here
// gets its own cookie jar (Set-Cookie → Cookie) or its own `cookieFallback` (X-Fallback-Cookies), applied by
// a fetch wrapper, so the unmodified SDK talks to the emulator exactly as it does from a web page.
import { Client, AppwriteException } from 'appwrite';

const JAR_HEADER = 'x-emulator-test-jar';

interface Jar {
  mode: 'cookies' | 'fallback';
  cookies: Map<string, string>;
  cookieFallback: string | null;
  origin?: string;
}

const jars = new Map<string, Jar>();
let nextJar = 1;
let installed = false;

function install() {
  if (installed) return;
  installed = true;
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const id = headers.get(JAR_HEADER);
    if (!id) return realFetch(input, init);
    headers.delete(JAR_HEADER);
    const jar = jars.get(id)!;
    if (jar.origin) headers.set('Origin', jar.origin);
    if (jar.mode === 'cookies' && jar.cookies.size) headers.set('Cookie', [...jar.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (jar.mode === 'fallback' && jar.cookieFallback) headers.set('X-Fallback-Cookies', jar.cookieFallback);
    const res = await realFetch(input, { ...init, headers });
    // A browser that blocks third-party cookies drops Set-Cookie and keeps only the fallback.
    for (const line of jar.mode === 'cookies' ? res.headers.getSetCookie() : []) {
      const [pair, ...attrs] = line.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const expires = attrs.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('expires='));
      if (!value || (expires && Date.parse(expires.slice(8)) < Date.now())) jar.cookies.delete(name);
      else jar.cookies.set(name, value);
    }
    const fallback = res.headers.get('X-Fallback-Cookies');
    if (fallback) jar.cookieFallback = fallback;
    return res;
  };
}

export interface BrowserClient {
  client: Client;
  jar: Jar;
}

/**
 * An SDK client with a browser's session keeping: `cookies` (first-party cookies) or `fallback`
 * (third-party cookies blocked: the SDK's localStorage `cookieFallback` sent as X-Fallback-Cookies).
 */
export function browserClient(endpoint: string, project: string, options: { mode?: 'cookies' | 'fallback'; origin?: string } = {}): BrowserClient {
  install();
  const id = String(nextJar++);
  const jar: Jar = { mode: options.mode ?? 'cookies', cookies: new Map(), cookieFallback: null, origin: options.origin };
  jars.set(id, jar);
  const client = new Client().setEndpoint(endpoint).setProject(project);
  client.headers[JAR_HEADER] = id;
  return { client, jar };
}

/** The session value a browser holds after signing in (what the SDK passes to setSession or realtime). */
export function sessionOf(jar: Jar, project: string): string | undefined {
  const name = `a_session_${project}`;
  if (jar.cookies.get(name)) return jar.cookies.get(name);
  if (!jar.cookieFallback) return undefined;
  const parsed = JSON.parse(jar.cookieFallback) as Record<string, string>;
  return parsed[name];
}

export interface Mail {
  id: string;
  project: string;
  kind: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: string;
}

/** Mail for `to`, newest first. */
export async function mailFor(endpoint: string, to: string): Promise<Mail[]> {
  const res = await fetch(`${endpoint}/__mailbox?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return (await res.json()) as Mail[];
}

export async function latestMail(endpoint: string, to: string, subject?: string | RegExp): Promise<Mail> {
  const mails = await mailFor(endpoint, to);
  const found = mails.find((m) => subject === undefined || (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)));
  if (!found) throw new Error(`no mail for ${to}${subject ? ` with subject ${subject}` : ''}`);
  return found;
}

/** The first link in a mail, parsed. */
export function linkIn(mail: Mail): URL {
  const link = mail.links[0];
  if (!link) throw new Error(`mail "${mail.subject}" has no link`);
  return new URL(link);
}

/** The 6-digit code in a mail or SMS. */
export function codeIn(mail: Mail): string {
  const m = /\b(\d{6})\b/.exec(mail.text);
  if (!m) throw new Error(`mail "${mail.subject}" has no code`);
  return m[1]!;
}

/** The AppwriteException a call fails with; throws when the call succeeds or fails otherwise. */
export async function failure<T>(promise: Promise<T>): Promise<AppwriteException> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppwriteException) return error;
    throw new Error(`expected an AppwriteException, got ${String(error)}`);
  }
  throw new Error('expected the call to fail');
}
