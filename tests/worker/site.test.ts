import { env, exports } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../functions/index.ts';
import { contentSecurityPolicy } from '../../functions/security.ts';
import { appConfig, type ConfigError } from '../../platform/config.ts';
import { MAX_BODY_BYTES } from '../../shared/bodyLimit.ts';

// The API surface of the Worker in workerd. Pages and assets (which need the asset server) are tested
// black-box from Node in tests/site/.

const fetchApi = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  expect(res.headers.get('Strict-Transport-Security')).toMatch(/^max-age=\d{8,}/);
  expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('Permissions-Policy')).toContain('microphone=(self)');
}

describe('api basics', () => {
  it('answers health', async () => {
    const res = await fetchApi('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', version: { id: env.CF_VERSION_METADATA.id, tag: null, uploadedAt: env.CF_VERSION_METADATA.timestamp } });
    expectSecurityHeaders(res);
  });

  it('serves the public configuration only', async () => {
    const res = await fetchApi('/api/config');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = await res.json();
    expect(body).toEqual({
      siteUrl: new URL(env.SITE_URL).origin,
      assistantName: env.ASSISTANT_NAME,
      analyticsId: env.ANALYTICS_ID || null,
      bookingUrl: env.BOOKING_URL || null,
      appwrite: { endpoint: env.APPWRITE_ENDPOINT, projectId: env.APPWRITE_PROJECT_ID, databaseId: env.APPWRITE_DATABASE_ID },
      voiceAvailable: true,
      vapidPublicKey: env.VAPID_PUBLIC_KEY,
      whatsappNumber: env.WHATSAPP_NUMBER,
    });
    expect(JSON.stringify(body)).not.toContain(env.VAPID_PRIVATE_KEY);
    expect(JSON.stringify(body)).not.toContain(env.WHATSAPP_TOKEN);
    expect(JSON.stringify(body)).not.toContain(env.WHATSAPP_APP_SECRET);
    expect(JSON.stringify(body)).not.toContain(env.REPLY_TOKEN_SECRET);
    expect(env.FORMSUBMIT_ENDPOINT).not.toBe('');
    expect(JSON.stringify(body)).not.toContain(env.FORMSUBMIT_ENDPOINT);
    expect(env.APPWRITE_API_KEY).not.toBe('');
    expect(JSON.stringify(body)).not.toContain(env.APPWRITE_API_KEY);
    expectSecurityHeaders(res);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    // (DELETE /api/health was here: a path that exists with another method is 405 now, docs/decisions/0013.)
    for (const [method, path] of [['GET', '/api/nope'], ['POST', '/api/forms-x'], ['DELETE', '/api/health/x'], ['GET', '/api']] as const) {
      const res = await fetchApi(path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ error: 'not_found', message: `No API route for ${method} ${path}.` });
      expectSecurityHeaders(res);
    }
  });
});

describe('request body limit', () => {
  const big = 'x'.repeat(MAX_BODY_BYTES + 1);
  const chunked = (text: string, chunk = 8 * 1024) => {
    const bytes = new TextEncoder().encode(text);
    let offset = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + chunk));
        offset += chunk;
      },
    });
  };

  it('answers 413 JSON when Content-Length is above the limit', async () => {
    const res = await fetchApi('/api/forms/contact', { method: 'POST', body: big, headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'payload_too_large', message: `Request body is larger than ${MAX_BODY_BYTES / 1024} KB.` });
    expectSecurityHeaders(res);
  });

  it('answers 413 for a chunked body without Content-Length', async () => {
    const req = new Request('http://localhost/api/forms/contact', { method: 'POST', body: chunked(big), headers: { 'Content-Type': 'application/json' } });
    expect(req.headers.has('Content-Length')).toBe(false);
    const res = await exports.default.fetch(req);
    expect(res.status).toBe(413);
    expect((await res.json() as { error: string }).error).toBe('payload_too_large');
  });

  it('lets a chunked body at the limit through to the route', async () => {
    // Not 413: the route sees the body (the 404 comes from the route lookup, after the limit).
    const req = new Request('http://localhost/api/not-a-route', { method: 'POST', body: chunked('y'.repeat(MAX_BODY_BYTES)) });
    const res = await exports.default.fetch(req);
    expect(res.status).toBe(404);
    await res.body?.cancel();
  });
});

describe('pages outside the API', () => {
  it('refuses methods other than GET and HEAD with 405', async () => {
    const res = await fetchApi('/about', { method: 'POST', body: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET, HEAD');
    expectSecurityHeaders(res);
  });
});

describe('configuration', () => {
  const run = (path: string, vars: Partial<Env>) =>
    worker.fetch(new Request(`http://localhost${path}`), { ...env, ...vars } as Env, createExecutionContext());

  it('answers 503 with a message per invalid variable, never its value, and stays safe', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const secret = 'not-a-url-but-a-secret-4711';
    const vars = { SITE_URL: 'voltalabs.dev', ANALYTICS_ID: 'UA-1234', FORMSUBMIT_ENDPOINT: secret };

    const api = await run('/api/health', vars);
    expect(api.status).toBe(503);
    const body = await api.json() as { error: string; message: string; fields: Record<string, string> };
    expect(body.error).toBe('misconfigured');
    expect(Object.keys(body.fields).sort()).toEqual(['ANALYTICS_ID', 'FORMSUBMIT_ENDPOINT', 'SITE_URL']);
    expect(body.fields.SITE_URL).toMatch(/absolute http\(s\) URL/);
    expect(body.fields.ANALYTICS_ID).toMatch(/G-XXXXXXX/);
    expect(body.message).toMatch(/^Invalid Worker configuration: SITE_URL /);
    expect(JSON.stringify(body)).not.toContain(secret);
    expectSecurityHeaders(api);

    const page = await run('/about', vars);
    expect(page.status).toBe(503);
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('SITE_URL');
    expect(html).not.toContain(secret);
    expectSecurityHeaders(page);
    // No third party is allowed while the configuration cannot be trusted.
    expect(page.headers.get('Content-Security-Policy')).toBe(contentSecurityPolicy(null));
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Invalid Worker configuration'));
    errors.mockRestore();
  });

  it('shows a deployment\'s visitors a generic 503 and logs the variable names', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const vars = { ANALYTICS_ID: 'UA-1234' };
    const deployed = (path: string) => worker.fetch(new Request(`https://voltalabs.dev${path}`), { ...env, ...vars } as Env, createExecutionContext());
    const page = await deployed('/about');
    expect(page.status).toBe(503);
    const html = await page.text();
    expect(html).toContain('The site is temporarily unavailable. Please try again in a few minutes.');
    expect(html).not.toContain('ANALYTICS_ID');
    const api = await deployed('/api/health');
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ error: 'unavailable', message: 'The site is temporarily unavailable. Please try again in a few minutes.' });
    const logged = errors.mock.calls.map((c) => JSON.parse(String(c[0])) as { event: string; variables: string[] });
    expect(logged).toContainEqual(expect.objectContaining({ event: 'config.invalid', variables: ['ANALYTICS_ID'] }));
    errors.mockRestore();
  });

  it('refuses endpoints that carry a secret over plain http or ws when SITE_URL is a public address', () => {
    const deployed = { ...env, SITE_URL: 'https://voltalabs.dev' } as Env;
    const fields = (vars: Partial<Env>) => {
      try {
        appConfig({ ...deployed, ...vars } as Env);
        return {};
      } catch (err) {
        return (err as ConfigError).fields;
      }
    };
    expect(Object.keys(fields({
      FORMSUBMIT_ENDPOINT: 'http://formsubmit.co/ajax/token', APPWRITE_ENDPOINT: 'http://appwrite.example/v1',
      GEMINI_BASE_URL: 'http://gemini.example', GEMINI_LIVE_URL: 'ws://live.example/ws',
    })).sort()).toEqual(['APPWRITE_ENDPOINT', 'FORMSUBMIT_ENDPOINT', 'GEMINI_BASE_URL', 'GEMINI_LIVE_URL']);
    expect(fields({ FORMSUBMIT_ENDPOINT: 'http://formsubmit.co/ajax/token' }).FORMSUBMIT_ENDPOINT).toMatch(/must be an https \(or wss\) URL/);
    // TLS everywhere, or an endpoint on this machine (loopback never crosses a network), or a local SITE_URL: fine.
    expect(fields({ FORMSUBMIT_ENDPOINT: 'https://formsubmit.co/ajax/token', GEMINI_LIVE_URL: 'wss://live.example/ws' })).toEqual({});
    expect(fields({ APPWRITE_ENDPOINT: 'http://127.0.0.1:8790/v1' })).toEqual({});
    expect(fields({ SITE_URL: 'http://localhost:8787', FORMSUBMIT_ENDPOINT: 'http://formsubmit.example/ajax/t' })).toEqual({});
  });

  it('takes the local stand-ins of mail and push only on this machine: a deployment ignores them, a remote one is refused', () => {
    const local = appConfig({ ...env, SITE_URL: 'http://localhost:8787', MAIL_OUTBOX_URL: 'http://localhost:8794', PUSH_LOCAL_ORIGIN: 'http://127.0.0.1:8794/' } as Env);
    expect([local.MAIL_OUTBOX_URL, local.PUSH_LOCAL_ORIGIN]).toEqual(['http://localhost:8794', 'http://127.0.0.1:8794']);
    const deployed = appConfig({ ...env, SITE_URL: 'https://voltalabs.dev', MAIL_OUTBOX_URL: 'http://localhost:8794', PUSH_LOCAL_ORIGIN: 'http://localhost:8794' } as Env);
    expect([deployed.MAIL_OUTBOX_URL, deployed.PUSH_LOCAL_ORIGIN]).toEqual([null, null]);
    expect(() => appConfig({ ...env, MAIL_OUTBOX_URL: 'https://outbox.example' } as Env)).toThrow(/MAIL_OUTBOX_URL is a local stand-in/);
    expect(() => appConfig({ ...env, PUSH_LOCAL_ORIGIN: 'https://push.example' } as Env)).toThrow(/PUSH_LOCAL_ORIGIN is a local stand-in/);
    expect(() => appConfig({ ...env, VAPID_PRIVATE_KEY: '' } as Env)).toThrow(/VAPID_PRIVATE_KEY must be set together/);
  });

  it('keeps only the origin of SITE_URL, so it is safe to put into pages', () => {
    const config = appConfig({ ...env, SITE_URL: 'https://example.com/some/path?q="x"' } as Env);
    expect(config.SITE_URL).toBe('https://example.com');
  });

  it('builds the CSP from what is configured', () => {
    const base = appConfig({ ...env, SITE_URL: 'https://voltalabs.dev', ANALYTICS_ID: '', BOOKING_URL: '' } as Env);
    const bare = contentSecurityPolicy(base);
    expect(bare).not.toMatch(/google|calendly/);
    expect(bare).toContain("frame-src 'none'");
    expect(bare).toContain('upgrade-insecure-requests');

    const full = contentSecurityPolicy({ ...base, ANALYTICS_ID: 'G-ABC123', BOOKING_URL: 'https://calendly.com/volta/30min' });
    expect(full).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com https:\/\/assets\.calendly\.com;/);
    expect(full).toContain('frame-src https://calendly.com;');
    expect(full).toMatch(/connect-src 'self' https:\/\/www\.google-analytics\.com https:\/\/region1\.google-analytics\.com https:\/\/region1\.analytics\.google\.com https:\/\/www\.googletagmanager\.com[ ;]/);
    // Exact hosts only, never a wildcard, and no inline style but the build's hashes.
    expect(full).not.toContain('*');
    expect(full).not.toContain('unsafe-inline');
    expect(full).toMatch(/style-src 'self' https:\/\/assets\.calendly\.com;/);
    const hashed = contentSecurityPolicy(base, { style: ["'sha256-abc='"], script: ["'sha256-def='"] });
    expect(hashed).toContain("style-src 'self' 'sha256-abc=';");
    // The inline loader (docs/decisions/0033): by its hash, never 'unsafe-inline'.
    expect(hashed).toContain("script-src 'self' 'sha256-def=';");

    const otherBooking = contentSecurityPolicy({ ...base, BOOKING_URL: 'https://cal.example.org/book' });
    expect(otherBooking).toContain('frame-src https://cal.example.org;');
    expect(otherBooking).not.toContain('calendly');
    expect(contentSecurityPolicy({ ...base, SITE_URL: 'http://localhost:8787' })).not.toContain('upgrade-insecure-requests');
  });
});
