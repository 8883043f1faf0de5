// OAuth2 sign-in with a local consent page standing in for Google, GitHub and Apple. The hops follow Appwrite:
// /account/sessions/oauth2/{provider} → provider login (here: /v1/__oauth/{provider}/authorize) →
// /account/sessions/oauth2/callback/{provider}/{project} → /account/sessions/oauth2/{provider}/redirect → success URL.
import { AppwriteError, invalidParam } from './errors.ts';
import { findUserByEmail, getUser, IDENTITIES, insertUser, issueToken, saveUser, SESSIONS, startSession, withQuery } from './accounts.ts';
import { isEmail, now, optString, redirectUrl, stringArray, type Ctx, type Route } from './context.ts';
import type { IdentityRecord, SessionRecord, UserRecord } from './types.ts';
import { escapeHtml, iso, secret, sha256, uniqueId } from './util.ts';

const SUPPORTED = ['amazon', 'apple', 'auth0', 'authentik', 'autodesk', 'bitbucket', 'bitly', 'box', 'dailymotion', 'discord', 'disqus', 'dropbox', 'etsy', 'facebook', 'figma', 'github', 'gitlab', 'google', 'linkedin', 'microsoft', 'notion', 'oidc', 'okta', 'paypal', 'paypalSandbox', 'podio', 'salesforce', 'slack', 'spotify', 'stripe', 'tradeshift', 'tradeshiftBox', 'twitch', 'wordpress', 'yahoo', 'yammer', 'yandex', 'zoho', 'zoom'];
const NAMES: Record<string, string> = { google: 'Google', github: 'GitHub', apple: 'Apple', microsoft: 'Microsoft', facebook: 'Facebook', gitlab: 'GitLab', linkedin: 'LinkedIn' };
const providerName = (p: string) => NAMES[p] ?? p.charAt(0).toUpperCase() + p.slice(1);
const CODES = 'oauth2codes';

interface State {
  success: string;
  failure: string;
  token: boolean;
  project: string;
}
interface CodeRecord {
  $id: string;
  provider: string;
  email: string;
  name: string;
  expire: string;
}

function provider(ctx: Ctx): string {
  const p = ctx.params.provider ?? '';
  if (!SUPPORTED.includes(p)) throw invalidParam('provider', `Value must be one of (${SUPPORTED.join(', ')})`);
  return p;
}

function enabled(ctx: Ctx, p: string) {
  return (ctx.emu.seed.oauthProviders ?? ['google', 'github', 'apple']).includes(p);
}

const encodeState = (s: State) => Buffer.from(JSON.stringify(s)).toString('base64url');
function decodeState(value: string): State {
  try {
    const s = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as State;
    if (typeof s.success === 'string' && typeof s.project === 'string') return s;
  } catch {
    // fall through
  }
  throw new AppwriteError('general_server_error', 'Failed to parse login state params as passed from OAuth2 provider');
}

function start(token: boolean) {
  return (ctx: Ctx) => {
    const p = provider(ctx);
    const success = redirectUrl(ctx, 'success', false) ?? `${ctx.protocol}://${ctx.req.headers.host}/auth/oauth2/success`;
    const failure = redirectUrl(ctx, 'failure', false) ?? `${ctx.protocol}://${ctx.req.headers.host}/auth/oauth2/failure`;
    stringArray(ctx, 'scopes');
    if (!enabled(ctx, p)) throw new AppwriteError('project_provider_disabled', 'This provider is disabled. Please enable the provider from your Appwrite console to continue.');
    const state = encodeState({ success, failure, token, project: ctx.project });
    return { redirect: `${ctx.emu.origin}/v1/__oauth/${p}/authorize?project=${encodeURIComponent(ctx.project)}&state=${state}`, status: 301 };
  };
}

function consentPage(ctx: Ctx, p: string, state: string, error = ''): string {
  const users = ctx.emu.store.list<UserRecord>(ctx.project, 'users').filter((u) => u.email);
  const name = providerName(p);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with ${name} · local emulator</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { padding: .5rem 1rem; font: inherit; cursor: pointer; }
  .note { color: #555; font-size: .875rem; }
  .error { color: #a00; }
</style>
</head>
<body>
<main>
<h1>Sign in with ${name}</h1>
<p class="note">Local stand-in for ${name} (Appwrite emulator, project ${escapeHtml(ctx.project)}). Choose the account ${name} should report.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/v1/__oauth/${p}/authorize?project=${encodeURIComponent(ctx.project)}">
  <input type="hidden" name="state" value="${escapeHtml(state)}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" list="known-accounts">
  <datalist id="known-accounts">${users.map((u) => `<option value="${escapeHtml(u.email)}">`).join('')}</datalist>
  <label for="name">Name</label>
  <input id="name" name="name" type="text" autocomplete="name">
  <div class="actions">
    <button type="submit" name="action" value="continue">Continue</button>
    <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
  </div>
</form>
</main>
</body>
</html>`;
}

function failureRedirect(state: State, error: AppwriteError): { redirect: string; status: number } {
  if (!state.failure) throw error;
  const u = new URL(state.failure);
  u.searchParams.set('error', JSON.stringify({ message: error.message, type: error.type, code: error.code }));
  return { redirect: u.toString(), status: 301 };
}

export function oauthRoutes(): Route[] {
  return [
    { method: 'GET', path: '/account/sessions/oauth2/:provider', scope: 'sessions.write', handler: start(false) },
    { method: 'GET', path: '/account/tokens/oauth2/:provider', scope: 'sessions.write', handler: start(true) },
    {
      method: 'GET',
      path: '/__oauth/:provider/authorize',
      scope: 'public',
      handler: (ctx) => {
        const p = provider(ctx);
        const state = String(ctx.query.state ?? '');
        decodeState(state);
        return { html: consentPage(ctx, p, state) };
      },
    },
    {
      method: 'POST',
      path: '/__oauth/:provider/authorize',
      scope: 'public',
      handler: (ctx) => {
        const p = provider(ctx);
        const state = String(ctx.body.state ?? '');
        const parsed = decodeState(state);
        const callback = `${ctx.emu.origin}/v1/account/sessions/oauth2/callback/${p}/${encodeURIComponent(parsed.project)}`;
        if (ctx.body.action === 'cancel') {
          const q = new URLSearchParams({ error: 'access_denied', error_description: 'The user denied the request', state });
          return { redirect: `${callback}?${q}`, status: 302 };
        }
        const emailAddr = String(ctx.body.email ?? '').trim().toLowerCase();
        if (!isEmail(emailAddr)) return { html: consentPage(ctx, p, state, 'Enter a valid email address.'), status: 400 };
        const name = String(ctx.body.name ?? '').trim();
        const codeValue = secret(24);
        const record: CodeRecord = { $id: sha256(codeValue), provider: p, email: emailAddr, name, expire: iso(now(ctx) + 600_000) };
        ctx.emu.store.insert(parsed.project, CODES, record.$id, () => record);
        return { redirect: `${callback}?${new URLSearchParams({ code: codeValue, state })}`, status: 302 };
      },
    },
    {
      method: 'GET',
      path: '/account/sessions/oauth2/callback/:provider/:projectId',
      scope: 'public',
      handler: (ctx) => {
        const p = provider(ctx);
        const q = new URLSearchParams({
          project: ctx.params.projectId ?? '',
          code: String(ctx.query.code ?? ''),
          state: String(ctx.query.state ?? ''),
          error: String(ctx.query.error ?? ''),
          error_description: String(ctx.query.error_description ?? ''),
        });
        return { redirect: `${ctx.emu.origin}/v1/account/sessions/oauth2/${p}/redirect?${q}`, status: 301 };
      },
    },
    {
      method: 'GET',
      path: '/account/sessions/oauth2/:provider/redirect',
      scope: 'public',
      handler: (ctx) => {
        const p = provider(ctx);
        const state = decodeState(optString(ctx, 'state') ?? '');
        const fail = (type: ConstructorParameters<typeof AppwriteError>[0], message?: string) => failureRedirect(state, new AppwriteError(type, message));
        if (!enabled(ctx, p)) return fail('project_provider_disabled', 'This provider is disabled. Please enable the provider from your Appwrite console to continue.');
        const error = optString(ctx, 'error');
        if (error) {
          const description = optString(ctx, 'error_description');
          return fail('user_oauth2_provider_error', `The ${providerName(p)} OAuth2 provider returned an error: ${error}${description ? `: ${description}` : ''}`);
        }
        const codeValue = optString(ctx, 'code');
        if (!codeValue) return fail('user_oauth2_provider_error', 'Missing OAuth2 code. Please contact the Appwrite team for additional support.');
        const record = ctx.emu.store.get<CodeRecord>(ctx.project, CODES, sha256(codeValue));
        if (record) ctx.emu.store.delete(ctx.project, CODES, record.$id);
        if (!record || record.provider !== p || Date.parse(record.expire) < now(ctx)) {
          return fail('user_oauth2_provider_error', `Failed to obtain access token. The ${providerName(p)} OAuth2 provider returned an error: invalid_grant`);
        }
        const providerUid = sha256(`${p}:${record.email}`).slice(0, 21);
        const identities = ctx.emu.store.list<IdentityRecord>(ctx.project, IDENTITIES);

        let user: UserRecord | undefined;
        if (ctx.auth.role === 'users') {
          user = ctx.auth.user;
          const other = findUserByEmail(ctx.emu, ctx.project, record.email);
          if ((other && other.$id !== user.$id) || identities.some((i) => i.providerEmail === record.email && i.userId !== user!.$id)) {
            throw new AppwriteError('user_already_exists');
          }
          // The new OAuth session replaces the current one.
          if (ctx.auth.session) ctx.emu.store.delete(ctx.project, SESSIONS, ctx.auth.session.$id);
        }
        if (!user) {
          const bySession = ctx.emu.store.list<SessionRecord>(ctx.project, SESSIONS).find((s) => s.provider === p && s.providerUid === providerUid);
          user = bySession && getUser(ctx.emu, ctx.project, bySession.userId);
        }
        user ??= findUserByEmail(ctx.emu, ctx.project, record.email);
        if (!user) {
          const identity = identities.find((i) => i.provider === p && i.providerUid === providerUid);
          user = identity && getUser(ctx.emu, ctx.project, identity.userId);
        }
        user ??= insertUser(ctx.emu, ctx.project, { id: uniqueId(now(ctx)), email: record.email, name: record.name, emailVerification: true });
        if (!user.status) return fail('user_blocked');

        const t = iso(now(ctx));
        const accessToken = secret(16);
        const expiry = iso(now(ctx) + 3600_000);
        const identity = identities.find((i) => i.userId === user!.$id && i.provider === p && i.providerUid === providerUid);
        if (identity) {
          Object.assign(identity, { providerAccessToken: accessToken, providerAccessTokenExpiry: expiry, $updatedAt: t });
          ctx.emu.store.update(ctx.project, IDENTITIES, identity.$id, identity);
        } else {
          const created: IdentityRecord = { $id: uniqueId(now(ctx)), $createdAt: t, $updatedAt: t, userId: user.$id, provider: p, providerUid, providerEmail: record.email, providerAccessToken: accessToken, providerAccessTokenExpiry: expiry, providerRefreshToken: '' };
          ctx.emu.store.insert(ctx.project, IDENTITIES, created.$id, () => created);
        }
        if (!user.name && record.name) user.name = record.name;
        saveUser(ctx.emu, ctx.project, user);

        if (state.token) {
          const tokenSecret = secret(64);
          issueToken(ctx.emu, ctx.project, user.$id, 'oauth2', tokenSecret, 365 * 24 * 3600);
          return { redirect: withQuery(state.success, { secret: tokenSecret, userId: user.$id }), status: 301 };
        }
        startSession(ctx, user, p, ['email'], { providerUid, providerAccessToken: accessToken, providerAccessTokenExpiry: expiry });
        return { redirect: state.success, status: 301 };
      },
    },
  ];
}
