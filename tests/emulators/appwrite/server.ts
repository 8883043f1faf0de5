// The HTTP side: CORS, body and query parsing, routing, Appwrite's checks and error JSON.
import type { IncomingMessage, ServerResponse } from 'node:http';
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

interface Compiled {
  route: Route;
  parts: string[];
}

export function compile(routes: Route[]): Compiled[] {
  return routes.map((route) => ({ route, parts: route.path.split('/').filter(Boolean) }));
}

function match(compiled: Compiled[], method: string, path: string): { route: Route; params: Record<string, string> } | 'method' | undefined {
  const parts = path.split('/').filter(Boolean);
  let pathMatched = false;
  for (const c of compiled) {
    if (c.parts.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < parts.length; i++) {
      const want = c.parts[i]!;
      const have = parts[i]!;
      if (want.startsWith(':')) params[want.slice(1)] = decodeURIComponent(have);
      else if (want !== have) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    pathMatched = true;
    if (c.route.method === method) return { route: c.route, params };
  }
  return pathMatched ? 'method' : undefined;
}

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

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 5 * 1024 * 1024) throw new AppwriteError('general_argument_invalid', 'Request body is too large.');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  const type = String(req.headers['content-type'] ?? '');
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

function corsHeaders(emu: Emulator, req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
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

function send(res: ServerResponse, status: number, headers: Record<string, string | string[]>, body?: string) {
  res.writeHead(status, headers);
  res.end(body);
}

export function createHandler(emu: Emulator, routes: Route[]) {
  const compiled = compile(routes);
  return async (req: IncomingMessage, res: ServerResponse) => {
    const cors = corsHeaders(emu, req);
    const url = new URL(req.url ?? '/', emu.origin);
    const method = (req.method ?? 'GET').toUpperCase();
    const baseHeaders: Record<string, string | string[]> = { ...cors, 'Cache-Control': 'no-cache, no-store, must-revalidate', 'X-Appwrite-Emulator': 'true' };
    const fail = (error: unknown, extra: Record<string, string | string[]> = {}) => {
      const e = error instanceof AppwriteError ? error : new AppwriteError('general_unknown', undefined);
      if (!(error instanceof AppwriteError)) console.error('[appwrite emulator]', error);
      send(res, e.code, { ...baseHeaders, ...extra, 'Content-Type': 'application/json' }, JSON.stringify(e.toJSON()));
    };

    try {
      if (method === 'OPTIONS') {
        send(res, 204, { ...baseHeaders, 'Access-Control-Max-Age': '600' });
        return;
      }
      // The mailbox (local only).
      if (url.pathname === '/mailbox' && method === 'GET') {
        send(res, 200, { ...baseHeaders, 'Content-Type': 'text/html; charset=utf-8' }, mailboxPage(listMail(emu.store, { to: url.searchParams.get('to') ?? undefined })));
        return;
      }
      if (url.pathname === '/mailbox/clear' && method === 'POST') {
        clearMail(emu.store);
        send(res, 303, { ...baseHeaders, Location: '/mailbox' });
        return;
      }
      if (url.pathname === '/v1/__mailbox') {
        if (method === 'DELETE') {
          send(res, 200, { ...baseHeaders, 'Content-Type': 'application/json' }, JSON.stringify({ deleted: clearMail(emu.store) }));
          return;
        }
        if (method === 'GET') {
          const filter = { to: url.searchParams.get('to') ?? undefined, project: url.searchParams.get('project') ?? undefined };
          send(res, 200, { ...baseHeaders, 'Content-Type': 'application/json' }, JSON.stringify(listMail(emu.store, filter)));
          return;
        }
      }
      if (url.pathname === '/' || url.pathname === '/v1' || url.pathname === '/v1/') {
        send(res, 200, { ...baseHeaders, 'Content-Type': 'text/html; charset=utf-8' }, `<!doctype html><title>Appwrite emulator</title><p>Local Appwrite emulator. API at <code>/v1</code>; mailbox at <a href="/mailbox">/mailbox</a>.</p>`);
        return;
      }
      if (!url.pathname.startsWith('/v1/')) throw new AppwriteError('general_route_not_found');
      const path = url.pathname.slice(3);
      if (path === '/ping' && method === 'GET') {
        send(res, 200, { ...baseHeaders, 'Content-Type': 'text/plain' }, 'Pong!');
        return;
      }
      if (path === '/health/version' && method === 'GET') {
        send(res, 200, { ...baseHeaders, 'Content-Type': 'application/json' }, JSON.stringify({ version: '1.8.0' }));
        return;
      }

      const origin = req.headers.origin;
      if (origin && !originAllowed(emu, origin)) {
        let host = origin;
        try {
          host = new URL(origin).host;
        } catch {
          // keep as sent
        }
        throw new AppwriteError('general_unknown_origin', `Invalid Origin. Register your new client (${host}) as a new Web platform on your project console dashboard`);
      }

      const found = match(compiled, method, path);
      if (!found || found === 'method') throw new AppwriteError('general_route_not_found');
      const { route, params } = found;

      const query = parseParams(url.searchParams);
      const body = method === 'GET' ? {} : await readBody(req);
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
        const extra: Record<string, string | string[]> = { ...ctx.headers };
        if (ctx.setCookies.length) extra['Set-Cookie'] = ctx.setCookies;
        fail(error, extra);
        return;
      }
      const headers: Record<string, string | string[]> = { ...baseHeaders, ...ctx.headers };
      if (ctx.setCookies.length) headers['Set-Cookie'] = ctx.setCookies;
      if ('redirect' in result) {
        send(res, result.status ?? 301, { ...headers, Location: result.redirect, Pragma: 'no-cache' });
      } else if ('html' in result) {
        send(res, result.status ?? 200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' }, result.html);
      } else if ('text' in result) {
        send(res, result.status ?? 200, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }, result.text);
      } else if ('json' in result) {
        send(res, result.status ?? 200, { ...headers, 'Content-Type': 'application/json' }, JSON.stringify(result.json));
      } else {
        send(res, 204, headers);
      }
    } catch (error) {
      fail(error);
    }
  };
}
