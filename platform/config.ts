import { z } from 'zod';
import type { PublicConfig } from '../shared/config.ts';
import { parseTemplatesConfig, type WhatsAppTemplate } from '../shared/whatsapp/templates.ts';

// Configuration is validated once per isolate (Epic Stack habit): a broken deployment fails with a
// message per field instead of misbehaving later. Messages name the variable and what it must look
// like, never its value (some variables are secrets).

const httpUrl = (what: string) =>
  z.url({ protocol: /^https?$/, error: `must be an absolute http(s) URL (${what})` });

/** Appwrite's custom ids (projects, databases, collections, documents). */
const APPWRITE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;
const APPWRITE_ID_RULE = 'at most 36 of a-z, A-Z, 0-9, period, hyphen, underscore; not starting with a special character';

/** Google's Live API endpoint (the key goes in the query string). */
export const DEFAULT_LIVE_URL = 'wss://generativelanguage.googleapis.com/ws/google.ai.generativelanguage.v1beta.GenerativeService.BidiGenerateContent';
/** The key the Worker sends to a Live endpoint on this machine when GEMINI_API_KEY is empty (the emulator). */
export const LOCAL_LIVE_KEY = 'local-gemini-live-emulator-key';
/** Meta's Graph API, the version the wire types (@whatsapp-cloudapi/types) describe. */
export const DEFAULT_GRAPH_URL = 'https://graph.facebook.com/v24.0';

/** Empty means "not configured" (null). */
const optional = <T extends z.ZodType<string>>(inner: T) =>
  z.union([z.literal(''), inner], { error: (issue) => issue.message }).default('').transform((v) => v || null);

const schema = z.object({
  // The public origin: canonical URLs, Open Graph, sitemap. Only the origin is kept (no path), which also
  // guarantees it is safe to insert into HTML attributes and JSON.
  SITE_URL: httpUrl('the public origin, e.g. https://voltalabs.dev').transform((v) => new URL(v).origin),
  ASSISTANT_NAME: z.string({ error: 'must be text' }).trim()
    .min(1, { error: 'must not be empty' }).max(60, { error: 'must be at most 60 characters' }).default('Volta Assistant'),
  ANALYTICS_ID: optional(z.string().regex(/^G-[A-Z0-9]{4,20}$/, { error: 'must be a GA4 measurement id like G-XXXXXXX, or empty' })),
  BOOKING_URL: optional(z.url({ protocol: /^https$/, error: 'must be an https URL of the scheduling page (e.g. https://calendly.com/you/30min), or empty' })),
  FORMSUBMIT_ENDPOINT: optional(httpUrl('e.g. https://formsubmit.co/ajax/<token>, or empty')),
  // How long one FormSubmit request may take; past it the outcome is unknown and the resend is marked
  // (docs/decisions/0022). Tests shorten it.
  FORMSUBMIT_TIMEOUT_MS: z.union([z.literal(''), z.string().regex(/^\d{1,5}$/, { error: 'must be a whole number of milliseconds from 100 to 60000, or empty for 15000' })])
    .default('').transform((v) => (v ? Number(v) : 15_000))
    .refine((n) => n >= 100 && n <= 60_000, { error: 'must be a whole number of milliseconds from 100 to 60000, or empty for 15000' }),
  // Accounts (Appwrite). An empty endpoint means accounts are unavailable: the SPA's helpers do nothing
  // and report success, /api/me and /api/admin answer 503, and submissions are not recorded in Appwrite.
  APPWRITE_ENDPOINT: optional(httpUrl('the Appwrite API endpoint, e.g. https://cloud.appwrite.io/v1, or empty'))
    .transform((v) => v?.replace(/\/+$/, '') || null),
  APPWRITE_PROJECT_ID: optional(z.string().regex(APPWRITE_ID, { error: `must be an Appwrite project id (${APPWRITE_ID_RULE}), or empty` })),
  APPWRITE_DATABASE_ID: optional(z.string().regex(APPWRITE_ID, { error: `must be an Appwrite database id (${APPWRITE_ID_RULE}), or empty for "main"` }))
    .transform((v) => v ?? 'main'),
  APPWRITE_API_KEY: optional(z.string().regex(/^\S+$/, { error: 'must be an Appwrite API key (no spaces), or empty' })),
  // The AI chat (functions/chat.ts). No key: the built-in local assistant answers. The key is a secret and
  // never leaves the Worker.
  GEMINI_API_KEY: optional(z.string().regex(/^\S+$/, { error: 'must be a Gemini API key (no spaces), or empty for the local assistant' })),
  GEMINI_MODEL: z.string({ error: 'must be text' }).trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, { error: 'must be a Gemini model name such as gemini-2.5-flash' }).default('gemini-2.5-flash'),
  GEMINI_BASE_URL: z.union([z.literal(''), httpUrl('the Gemini API origin, e.g. https://generativelanguage.googleapis.com')])
    .default('').transform((v) => (v || 'https://generativelanguage.googleapis.com').replace(/\/+$/, '')),
  // Voice (functions/voice.ts, durable/VoiceRelay.ts): the Gemini Live WebSocket. Empty: Google's. The key
  // is GEMINI_API_KEY; a Live URL on this machine (the emulator of `npm start`) works without one.
  GEMINI_LIVE_URL: z.union([z.literal(''), z.url({ protocol: /^wss?$/, error: 'must be a ws(s) URL of the Live API (BidiGenerateContent), or empty for Google\'s' })])
    .default('').transform((v) => v || DEFAULT_LIVE_URL),
  GEMINI_LIVE_MODEL: z.string({ error: 'must be text' }).trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, { error: 'must be a Gemini Live model name such as gemini-live-2.5-flash-preview' }).default('gemini-live-2.5-flash-preview'),
  GEMINI_VOICE: z.string({ error: 'must be text' }).trim()
    .regex(/^[A-Za-z][A-Za-z-]{0,39}$/, { error: 'must be a prebuilt voice name such as Puck, Charon, Kore, Fenrir or Aoede' }).default('Puck'),
  // The longest a voice session lasts, in seconds (durable/VoiceRelay.ts): at most 600, Live's connection
  // lifetime (audio-only sessions may last 15 minutes, one connection about 10).
  VOICE_SESSION_SECONDS: z.union([z.literal(''), z.string().regex(/^\d{1,3}$/, { error: 'must be a whole number of seconds from 1 to 600, or empty for 600' })])
    .default('').transform((v) => (v ? Number(v) : 600))
    .refine((n) => n >= 1 && n <= 600, { error: 'must be a whole number of seconds from 1 to 600, or empty for 600' }),
  // --- Responding (docs/decisions/0027 mail threads, 0028 alerts, 0029 the promise clock) ---------------------
  // Mail out goes through the Cloudflare Email Service binding EMAIL (wrangler.toml [[send_email]]), from this
  // address of a domain onboarded to Email Sending. Empty: no mail is sent (replies, acknowledgements and
  // e-mail alerts are refused or skipped, and the composer says so).
  MAIL_FROM: optional(z.email({ error: 'must be the agency address mail is sent from (a domain onboarded to Email Sending), or empty' })),
  MAIL_FROM_NAME: z.string({ error: 'must be text' }).trim().max(60, { error: 'must be at most 60 characters' }).default('Volta Labs')
    .transform((v) => v.replace(/[\r\n"<>]/g, ' ').trim() || 'Volta Labs'),
  // The Email Routing domain whose reply+<token>@ addresses reach the Worker's email() handler. Empty: replies
  // carry no per-lead Reply-To, so answers do not come back into the lead.
  INBOUND_DOMAIN: optional(z.string().regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, { error: 'must be a domain name such as reply.voltalabs.dev, or empty' }))
    .transform((v) => v?.toLowerCase() ?? null),
  // SECRET. Keys the per-lead reply tokens (an HMAC of the lead's id): without it nobody can forge one.
  REPLY_TOKEN_SECRET: optional(z.string().min(32, { error: 'must be at least 32 characters of random text, or empty' })),
  // LOCAL ONLY. The outbox stand-in (tests/emulators/outbox) that stands in for the EMAIL binding on this
  // machine; refused unless it is a loopback URL and SITE_URL is one too.
  MAIL_OUTBOX_URL: optional(httpUrl('the local outbox stand-in, e.g. http://localhost:8794, or empty')),
  // The acknowledgement e-mail to a visitor after a form or chat lead: "on" (default) or "off".
  ACK_EMAILS: z.union([z.literal(''), z.enum(['on', 'off'], { error: 'must be "on", "off" or empty (on)' })]).default('').transform((v) => v !== 'off'),
  // Web Push to staff devices (VAPID, RFC 8292). The public key goes to the SPA (/api/config); the private
  // key is a SECRET. Both empty: no push, e-mail alerts only. Keys are base64url (npm run vapid:keys).
  VAPID_PUBLIC_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, { error: 'must be the base64url VAPID public key (65 bytes uncompressed P-256), or empty' })),
  VAPID_PRIVATE_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{40,50}$|^\{.*\}$/s, { error: 'must be the base64url VAPID private key (32 bytes) or its JWK, or empty' })),
  VAPID_SUBJECT: optional(z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { error: 'must be a mailto: address or https: URL identifying the sender to push services, or empty' })),
  // LOCAL ONLY. The origin of the local push-service stand-in (RFC 8030), accepted as a subscription endpoint
  // besides the known push services; refused unless it is a loopback URL and SITE_URL is one too.
  PUSH_LOCAL_ORIGIN: optional(httpUrl('the local push stand-in origin, e.g. http://localhost:8794, or empty'))
    .transform((v) => (v ? new URL(v).origin : null)),
  // --- WhatsApp (docs/decisions/0031; the Cloud API) ------------------------------------------------------------
  // SECRET. A system user's access token with whatsapp_business_messaging; every Graph API call carries it.
  WHATSAPP_TOKEN: optional(z.string().regex(/^\S{16,}$/, { error: 'must be a WhatsApp Cloud API access token (a system user token, no spaces), or empty' })),
  // SECRET. The Meta app's secret: keys the X-Hub-Signature-256 of every webhook delivery.
  WHATSAPP_APP_SECRET: optional(z.string().regex(/^\S{16,}$/, { error: 'must be the Meta app secret (no spaces), or empty' })),
  // The business phone number's id in the Cloud API (POST /{phone-number-id}/messages).
  WHATSAPP_PHONE_NUMBER_ID: optional(z.string().regex(/^\d{5,20}$/, { error: 'must be the phone number id of the Cloud API (digits), or empty' })),
  // The business number in international form without "+" or spaces, for the wa.me links (233201234567).
  WHATSAPP_NUMBER: optional(z.string().regex(/^[1-9]\d{7,14}$/, { error: 'must be the business number in international form, digits only without "+" (e.g. 233201234567), or empty' })),
  // What Meta's webhook verification must present as hub.verify_token (chosen by us when registering the webhook).
  WHATSAPP_VERIFY_TOKEN: optional(z.string().regex(/^[\x21-\x7e]{8,200}$/, { error: 'must be 8 to 200 printable characters without spaces, or empty' })),
  // The Graph API base with its version, e.g. https://graph.facebook.com/v24.0. Empty: that one.
  WHATSAPP_GRAPH_URL: z.union([z.literal(''), httpUrl('the Graph API base with its version, e.g. https://graph.facebook.com/v24.0')])
    .default('').transform((v) => (v || DEFAULT_GRAPH_URL).replace(/\/+$/, '')),
  // The approved message templates staff may send (JSON, shared/whatsapp/templates.ts). Empty: none.
  WHATSAPP_TEMPLATES: z.string({ error: 'must be text' }).default('').transform((v, ctx) => {
    const parsed = parseTemplatesConfig(v);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  }),
}).superRefine((v, ctx) => {
  if (v.APPWRITE_ENDPOINT && !v.APPWRITE_PROJECT_ID) {
    ctx.addIssue({ code: 'custom', path: ['APPWRITE_PROJECT_ID'], message: 'must be set when APPWRITE_ENDPOINT is set' });
  }
  // Stand-ins of this machine are never a deployment's transport (the outbox would swallow real mail): only
  // a loopback URL is accepted, and it is ignored unless SITE_URL is on this machine too (below).
  for (const name of LOCAL_ONLY) {
    const value = v[name];
    if (value && !isLoopbackUrl(value)) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'is a local stand-in: only a loopback URL (localhost, 127.0.0.1) is accepted' });
    }
  }
  if (!!v.VAPID_PUBLIC_KEY !== !!v.VAPID_PRIVATE_KEY) {
    ctx.addIssue({ code: 'custom', path: [v.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'], message: 'must be set together with the other VAPID key' });
  }
  // A deployment (SITE_URL not on this machine) sends secrets only over TLS: the FormSubmit token is in its
  // URL, the Appwrite API key and the Gemini key travel with every call, the Live key in the query string.
  // An endpoint on this machine is exempt: loopback traffic never crosses a network.
  if (!isLoopbackUrl(v.SITE_URL)) {
    const carriesSecret = { FORMSUBMIT_ENDPOINT: v.FORMSUBMIT_ENDPOINT, APPWRITE_ENDPOINT: v.APPWRITE_ENDPOINT, GEMINI_BASE_URL: v.GEMINI_BASE_URL, GEMINI_LIVE_URL: v.GEMINI_LIVE_URL, WHATSAPP_GRAPH_URL: v.WHATSAPP_GRAPH_URL };
    for (const [name, value] of Object.entries(carriesSecret)) {
      if (value && !/^(https|wss):/.test(value) && !isLoopbackUrl(value)) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'must be an https (or wss) URL when SITE_URL is a public address: it carries a secret' });
      }
    }
  }
}).transform((v) => (isLoopbackUrl(v.SITE_URL) ? v : { ...v, MAIL_OUTBOX_URL: null, PUSH_LOCAL_ORIGIN: null }));

/** Variables naming a stand-in on this machine: in effect only while SITE_URL is on this machine too. */
const LOCAL_ONLY = ['MAIL_OUTBOX_URL', 'PUSH_LOCAL_ORIGIN'] as const;

/** True for an http(s)/ws(s) URL on this machine (localhost, 127.0.0.1, [::1]). */
export function isLoopbackUrl(url: string): boolean {
  try {
    return /^(localhost|127\.0\.0\.1|\[::1\])$/.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

export type AppConfig = z.output<typeof schema>;

export class ConfigError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(`Invalid Worker configuration: ${Object.entries(fields).map(([k, v]) => `${k} ${v}`).join('; ')}. ` +
      'Fix the variable in wrangler.toml [vars], .dev.vars or the Worker secrets.');
    this.name = 'ConfigError';
  }
}

let cached: { env: Env; config: AppConfig } | undefined;

/** The validated configuration; throws ConfigError naming every invalid variable. */
export function appConfig(env: Env): AppConfig {
  if (cached?.env === env) return cached.config;
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || '(root)'] ??= issue.message;
    throw new ConfigError(fields);
  }
  cached = { env, config: parsed.data };
  return parsed.data;
}

/**
 * The Live endpoint and key the VoiceRelay uses, or null when voice is unavailable: a key is needed,
 * except for a Live URL on the loopback interface (the local emulator), which gets LOCAL_LIVE_KEY.
 */
export function liveEndpoint(config: AppConfig): { url: string; key: string } | null {
  const local = isLoopbackUrl(config.GEMINI_LIVE_URL);
  const key = config.GEMINI_API_KEY ?? (local ? LOCAL_LIVE_KEY : null);
  return key ? { url: config.GEMINI_LIVE_URL, key } : null;
}

/** The WhatsApp channel's settings, or null unless every one of them is set (then no link, and the webhook answers 503). */
export interface WhatsAppSettings {
  token: string;
  appSecret: string;
  phoneNumberId: string;
  number: string;
  verifyToken: string;
  graphUrl: string;
  templates: WhatsAppTemplate[];
}

export function whatsappSettings(config: AppConfig): WhatsAppSettings | null {
  const { WHATSAPP_TOKEN: token, WHATSAPP_APP_SECRET: appSecret, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_NUMBER: number, WHATSAPP_VERIFY_TOKEN: verifyToken } = config;
  if (!token || !appSecret || !phoneNumberId || !number || !verifyToken) return null;
  return { token, appSecret, phoneNumberId, number, verifyToken, graphUrl: config.WHATSAPP_GRAPH_URL, templates: config.WHATSAPP_TEMPLATES };
}

/** What the SPA may know: nothing secret (served at /api/config and in every page's meta tag). */
export function publicConfig(config: AppConfig): PublicConfig {
  return {
    siteUrl: config.SITE_URL,
    assistantName: config.ASSISTANT_NAME,
    analyticsId: config.ANALYTICS_ID,
    bookingUrl: config.BOOKING_URL,
    appwrite: config.APPWRITE_ENDPOINT && config.APPWRITE_PROJECT_ID
      ? { endpoint: config.APPWRITE_ENDPOINT, projectId: config.APPWRITE_PROJECT_ID, databaseId: config.APPWRITE_DATABASE_ID }
      : null,
    voiceAvailable: liveEndpoint(config) !== null,
    vapidPublicKey: config.VAPID_PUBLIC_KEY,
    whatsappNumber: whatsappSettings(config)?.number ?? null,
  };
}
