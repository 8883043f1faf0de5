// The HTTP side, a Hono app: CORS, body and query parsing, routing, Appwrite's checks and error JSON.
import type { HttpBindings } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { readBody, type StandInApp } from '../lib/http.ts';
import { AppwriteError } from './errors.ts';
import type { Ctx, Emulator, Result, Route } from './context.ts';
import { authenticate, authorize, parseCookies } from './auth.ts';
import { clearMail, listMail, mailboxPage } from './mailbox.ts';

const ALLOW_HEADERS = [
  'Origin', 'Cookie', 'Set-Cookie', 'X-Requested-With', 'Content-Type', 'Access-Control-Allow-Origin', 'Access-Control-Request-Headers',
  'Accept', 'X-Appwrite-Project', 'X-Appwrite-Key', 'X-Appwrite-Dev-Key', 'X-Appwrite-Locale', 'X-Appwrite-Mode', 'X-Appwrite-JWT',
  'X-Appwrite-Response-Format', 'X-Appwrite-Timeout', 'X-SDK-Version', 'X-SDK-Name', 'X-SDK-Language', 'X-SDK-Platform', 'X-SDK-GraphQL',
  'X-Appwrite-ID', 'X-Appwrite-Timestamp', 'Content-Range', 'Range', 'Cache-Control', 'Expires', 'Pragma', 'X-Fallback-Cookies',
  'X-Appwrite-Session', 'X-Appwrite-Impersonate-User-Id', 'X-Appwrite-Impersonate-User-Email', 'X-Appwrite-Impersonate-User-Phone',
].join(', ');

/** `queries[0]=a&queries[1]=b&channels[]=c&x=1` → { queries: [a, b], channels: [c], x: '1' } */
export function parseParams(search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of search) {
    const m = /^([^[\]]+)\[(\d*)\]$/.exec(key);
    if (m) {
      const name = m[1]!;
      if (!Array.isArray(out[name])) out[name] = [];
      const list = out[name] as unknown[];
      if (m[2]) list[Number(m[2])] = value;
      else list.push(value);
    } else out[key] = value;
  }
  for (const [k, v] of Object.entries(out)) if (Array.isArray(v)) out[k] = v.filter((x) => x !== undefined);
  return out;
}

async function readParams(req: Request): Promise<Record<string, unknown>> {
  const type = req.headers.get('content-type') ?? '';
  let bytes: Buffer;
  try {
    // A Storage upload is one chunk of at most 5 MB plus the multipart framing.
    bytes = await readBody(req, (type.includes('multipart/form-data') ? 6 : 5) * 1024 * 1024);
  } catch {
    throw new AppwriteError('general_argument_invalid', 'Request body is too large.');
  }
  if (type.includes('multipart/form-data')) {
    // Files stay File objects (storage.ts); repeated names (`permissions[]`) become lists.
    const form = await new Request('http://multipart.invalid/', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(bytes) }).formData();
    const out: Record<string, unknown> = {};
    for (const [key, value] of form) {
      const name = key.replace(/\[\d*\]$/, '');
      if (name !== key) out[name] = [...((out[name] as unknown[]) ?? []), value];
      else out[name] = value;
    }
    return out;
  }
  const text = bytes.toString('utf8');
  if (!text.trim()) return {};
  if (type.includes('application/x-www-form-urlencoded')) return parseParams(new URLSearchParams(text));
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    throw new AppwriteError('general_argument_invalid', 'Failed to parse the request body as JSON.');
  }
}

export function originAllowed(emu: Emulator, origin: string): boolean {
  if (!emu.origins) return true;
  const own = new URL(emu.origin);
  const ownAlternatives = [emu.origin, `${own.protocol}//127.0.0.1:${own.port}`, `${own.protocol}//[::1]:${own.port}`];
  return emu.origins.includes(origin) || ownAlternatives.includes(origin);
}

function corsHeaders(emu: Emulator, origin: string | undefined): Record<string, string> {
  if (!origin || !originAllowed(emu, origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
    'Access-Control-Allow-Headers': ALLOW_HEADERS,
    'Access-Control-Expose-Headers': 'X-Appwrite-Session, X-Fallback-Cookies',
    Vary: 'Origin',
  };
}

type HeaderMap = Record<string, string | string[]>;
const flatten = (headers: HeaderMap) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));

function send(status: number, headers: HeaderMap, body?: string): Response {
  const h = new Headers();
  for (const [k, v] of Object.entries(headers)) for (const one of Array.isArray(v) ? v : [v]) h.append(k, one);
  return new Response(body ?? null, { status, headers: h });
}

/** The stand-in's HTTP side as a Hono app: its pages, then every route of `routes` under /v1. */
export function createApp(emu: Emulator, routes: Route[]): StandInApp {
  const app: StandInApp = new Hono({ strict: false });
  const base = (c: Context<{ Bindings: HttpBindings }>): HeaderMap => ({
    ...corsHeaders(emu, c.req.header('origin')),
    'Cache-Control': 'no-cache, no-store, must-revalidate',
    'X-Appwrite-Emulator': 'true',
  });
  const fail = (c: Context<{ Bindings: HttpBindings }>, error: unknown, extra: HeaderMap = {}) => {
    const e = error instanceof AppwriteError ? error : new AppwriteError('general_unknown', undefined);
    if (!(error instanceof AppwriteError)) console.error('[appwrite emulator]', error);
    return send(e.code, { ...base(c), ...extra, 'Content-Type': 'application/json' }, JSON.stringify(e.toJSON()));
  };
  app.onError((error, c) => fail(c, error));
  app.notFound(() => {
    throw new AppwriteError('general_route_not_found');
  });

  app.options('*', (c) => send(204, { ...base(c), 'Access-Control-Max-Age': '600' }));
  // The mailbox (local only).
  app.get('/mailbox', (c) => send(200, { ...base(c), 'Content-Type': 'text/html; charset=utf-8' }, mailboxPage(listMail(emu.store, { to: c.req.query('to') }))));
  app.post('/mailbox/clear', (c) => {
    clearMail(emu.store);
    return send(303, { ...base(c), Location: '/mailbox' });
  });
  app.delete('/v1/__mailbox', (c) => send(200, { ...base(c), 'Content-Type': 'application/json' }, JSON.stringify({ deleted: clearMail(emu.store) })));
  app.get('/v1/__mailbox', (c) => {
    const filter = { to: c.req.query('to'), project: c.req.query('project') };
    return send(200, { ...base(c), 'Content-Type': 'application/json' }, JSON.stringify(listMail(emu.store, filter)));
  });
  app.all('/v1/__mailbox', () => {
    throw new AppwriteError('general_route_not_found');
  });
  for (const path of ['/', '/v1']) {
    app.all(path, (c) => send(200, { ...base(c), 'Content-Type': 'text/html; charset=utf-8' }, `<!doctype html><title>Appwrite emulator</title><p>Local Appwrite emulator. API at <code>/v1</code>; mailbox at <a href="/mailbox">/mailbox</a>.</p>`));
  }
  app.get('/v1/ping', (c) => send(200, { ...base(c), 'Content-Type': 'text/plain' }, 'Pong!'));
  app.get('/v1/health/version', (c) => send(200, { ...base(c), 'Content-Type': 'application/json' }, JSON.stringify({ version: '1.8.0' })));

  app.use('/v1/*', async (c, next) => {
    const origin = c.req.header('origin');
    if (origin && !originAllowed(emu, origin)) {
      let host = origin;
      try {
        host = new URL(origin).host;
      } catch {
        // keep as sent
      }
      throw new AppwriteError('general_unknown_origin', `Invalid Origin. Register your new client (${host}) as a new Web platform on your project console dashboard`);
    }
    await next();
  });

  for (const route of routes) {
    app.on(route.method, `/v1${route.path}`, async (c) => {
      const req = c.env.incoming;
      const url = new URL(req.url ?? '/', emu.origin);
      const method = c.req.method.toUpperCase();
      const path = url.pathname.slice(3);
      const params = c.req.param() as Record<string, string>;
      const query = parseParams(url.searchParams);
      const body = method === 'GET' ? {} : await readParams(c.req.raw);
      const headerProject = req.headers['x-appwrite-project'];
      const project = String(params.projectId ?? query.project ?? (typeof headerProject === 'string' ? headerProject : ''));
      if (!project) throw new AppwriteError('project_not_found');
      await emu.ensureProject(project);

      const host = String(req.headers.host ?? new URL(emu.origin).host);
      const ctx: Ctx = {
        emu,
        req,
        method,
        url,
        path,
        params,
        query,
        body,
        project,
        cookies: parseCookies(req.headers.cookie),
        hostname: host.replace(/:\d+$/, '').replace(/^\[|\]$/g, ''),
        protocol: String(req.headers['x-forwarded-proto'] ?? '') === 'https' ? 'https' : 'http',
        ip: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: String(req.headers['user-agent'] ?? 'UNKNOWN'),
        auth: { role: 'guests' },
        headers: {},
        setCookies: [],
      };
      let result: Result;
      try {
        ctx.auth = authenticate(ctx);
        authorize(ctx, route);
        if (route.session && ctx.auth.role === 'users' && !path.includes('oauth2')) throw new AppwriteError('user_session_already_exists');
        result = await route.handler(ctx);
      } catch (error) {
        const extra: HeaderMap = { ...ctx.headers };
        if (ctx.setCookies.length) extra['Set-Cookie'] = ctx.setCookies;
        return fail(c, error, extra);
      }
      const headers: HeaderMap = { ...base(c), ...ctx.headers };
      if (ctx.setCookies.length) headers['Set-Cookie'] = ctx.setCookies;
      if ('redirect' in result) return send(result.status ?? 301, { ...headers, Location: result.redirect, Pragma: 'no-cache' });
      if ('html' in result) return send(result.status ?? 200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' }, result.html);
      if ('text' in result) return send(result.status ?? 200, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }, result.text);
      if ('bytes' in result) {
        return new Response(result.bytes, { status: result.status ?? 200, headers: { ...flatten(headers), 'Content-Type': result.type } });
      }
      if ('json' in result) return send(result.status ?? 200, { ...headers, 'Content-Type': 'application/json' }, JSON.stringify(result.json));
      return send(204, headers);
    });
  }
  return app;
}
