// Starts the local stand-in of each external service the configuration points at (docs/architecture.md §10:
// local emulators and their fixed ports). Each emulator module exports start(port) and resolves once it listens.
import { LOCAL_ADMIN, LOCAL_API_KEY } from './appwrite-seed.ts';
import { LOCAL_MODERATOR, LOCAL_USER } from './demo-data.ts';

export interface RunningEmulator {
  name: string;
  url: string;
  close(): Promise<void>;
  /** Worker variables that point the Worker at this emulator, passed to `wrangler dev` as --var. */
  vars?: Record<string, string>;
  /** Lines worth printing at start (for example where to see what it received). */
  notes?: string[];
}

interface EmulatorSpec {
  name: string;
  port: number | ((vars: Record<string, string>) => number);
  /** True when the configuration uses this stand-in (unset, or pointing at its local address). */
  wanted(vars: Record<string, string>): boolean;
  load(vars: Record<string, string>): Promise<{ start(port: number): Promise<RunningEmulator> }>;
  /** Variables to override once the emulator listens (its real port may differ from the configured one). */
  vars?(emulator: RunningEmulator, vars: Record<string, string>): Record<string, string>;
  notes?(emulator: RunningEmulator): string[];
}

const localWsPort = (value: string | undefined) => /^wss?:\/\/(?:localhost|127\.0\.0\.1):(\d+)(?:\/|$)/.exec(value ?? '')?.[1];
const localPort = (value: string | undefined) => /^https?:\/\/(?:localhost|127\.0\.0\.1):(\d+)(?:\/|$)/.exec(value ?? '')?.[1];

// FormSubmit: FORMSUBMIT_ENDPOINT unset or on localhost means the emulator, on FORMSUBMIT_EMULATOR_PORT, else
// the configured port, else 8793. The Worker is told the emulator's real address, keeping the form token.
const formSubmitToken = (endpoint: string | undefined) => /\/ajax\/([^/?#]+)/.exec(endpoint ?? '')?.[1] ?? 'local-formsubmit-token';

// Appwrite: APPWRITE_ENDPOINT unset or on localhost means the emulator, on APPWRITE_EMULATOR_PORT, else the
// configured port, else 8790; data in APPWRITE_EMULATOR_DATA (default .data/appwrite-emulator.sqlite). It is
// seeded with the product's schema, the local admin account and the API key (scripts/lib/appwrite-seed.ts).
export const LOCAL_APPWRITE_PROJECT = 'voltalabs-local';

/** Web origins the Appwrite emulator lets in with credentials: the site (npm start) and Vite (npm run dev). */
export function siteOrigins(vars: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const port of [process.env.PORT ?? '8787', '8787', '5173']) {
    origins.add(`http://localhost:${port}`);
    origins.add(`http://127.0.0.1:${port}`);
  }
  try {
    if (vars.SITE_URL) origins.add(new URL(vars.SITE_URL).origin);
  } catch {
    // An invalid SITE_URL is reported by the Worker.
  }
  return [...origins];
}

export const emulatorSpecs: EmulatorSpec[] = [
  {
    name: 'Appwrite',
    port: (v) => Number(process.env.APPWRITE_EMULATOR_PORT ?? localPort(v.APPWRITE_ENDPOINT) ?? 8790),
    wanted: (v) => !v.APPWRITE_ENDPOINT || localPort(v.APPWRITE_ENDPOINT) !== undefined,
    load: async (v) => {
      const [{ start }, { localSeed }] = await Promise.all([import('../../tests/emulators/appwrite/index.ts'), import('./appwrite-seed.ts')]);
      const seed = localSeed({ apiKey: v.APPWRITE_API_KEY, databaseId: v.APPWRITE_DATABASE_ID || undefined });
      const dataFile = process.env.APPWRITE_EMULATOR_DATA ?? '.data/appwrite-emulator.sqlite';
      return { start: (port: number) => start({ port, dataFile, origins: siteOrigins(v), seed }) };
    },
    vars: (e, v): Record<string, string> => {
      const out: Record<string, string> = {};
      if (e.url !== v.APPWRITE_ENDPOINT) out.APPWRITE_ENDPOINT = e.url;
      if (!v.APPWRITE_PROJECT_ID) out.APPWRITE_PROJECT_ID = LOCAL_APPWRITE_PROJECT;
      // Any configured key is seeded too; without one the Worker gets the local key.
      if (!v.APPWRITE_API_KEY) out.APPWRITE_API_KEY = LOCAL_API_KEY;
      return out;
    },
    notes: (e) => {
      const origin = e.url.replace(/\/v1$/, '');
      return [
        `mailbox: ${origin}/mailbox (JSON: ${origin}/v1/__mailbox)`,
        `local admin: ${LOCAL_ADMIN.email} / ${LOCAL_ADMIN.password}`,
        `local moderator: ${LOCAL_MODERATOR.email} / ${LOCAL_MODERATOR.password}; plain user: ${LOCAL_USER.email} / ${LOCAL_USER.password}`,
      ];
    },
  },
  {
    name: 'FormSubmit',
    port: (v) => Number(process.env.FORMSUBMIT_EMULATOR_PORT ?? localPort(v.FORMSUBMIT_ENDPOINT) ?? 8793),
    wanted: (v) => !v.FORMSUBMIT_ENDPOINT || localPort(v.FORMSUBMIT_ENDPOINT) !== undefined,
    load: () => import('../../tests/emulators/formsubmit/server.ts'),
    vars: (e, v): Record<string, string> => {
      const endpoint = `${e.url}/ajax/${formSubmitToken(v.FORMSUBMIT_ENDPOINT)}`;
      return endpoint === v.FORMSUBMIT_ENDPOINT ? {} : { FORMSUBMIT_ENDPOINT: endpoint };
    },
    notes: (e) => [`what it received: ${e.url}/__received`],
  },
  {
    // Outbox (mail out and Web Push, tests/emulators/outbox): when MAIL_OUTBOX_URL or PUSH_LOCAL_ORIGIN is on
    // localhost, on OUTBOX_PORT, else their port, else 8794. Both are pointed at its real address.
    name: 'Outbox',
    port: (v) => Number(process.env.OUTBOX_PORT ?? localPort(v.MAIL_OUTBOX_URL) ?? localPort(v.PUSH_LOCAL_ORIGIN) ?? 8794),
    wanted: (v) => localPort(v.MAIL_OUTBOX_URL) !== undefined || localPort(v.PUSH_LOCAL_ORIGIN) !== undefined,
    load: () => import('../../tests/emulators/outbox/server.ts'),
    vars: (e, v): Record<string, string> => {
      const out: Record<string, string> = {};
      if (localPort(v.MAIL_OUTBOX_URL) !== undefined && v.MAIL_OUTBOX_URL !== e.url) out.MAIL_OUTBOX_URL = e.url;
      if (localPort(v.PUSH_LOCAL_ORIGIN) !== undefined && v.PUSH_LOCAL_ORIGIN !== e.url) out.PUSH_LOCAL_ORIGIN = e.url;
      return out;
    },
    notes: (e) => [`every e-mail the site sends: ${e.url} (JSON: ${e.url}/__outbox); push messages: ${e.url}/__pushes`],
  },
  {
    // WhatsApp (tests/emulators/whatsapp): the Graph API stand-in and the page to message the site as a
    // customer, when WHATSAPP_GRAPH_URL is on localhost (as in .dev.vars.example), on WHATSAPP_EMULATOR_PORT,
    // else its port, else 8796. Empty means Meta's Graph API: a real configuration, left alone. It takes the
    // token, app secret, number id and number from the configuration (the .dev.vars.example values where
    // one is empty, which the site then lacks: it shows no WhatsApp link and refuses the webhooks) and
    // delivers the customer's messages to this site's webhook.
    name: 'WhatsApp',
    port: (v) => Number(process.env.WHATSAPP_EMULATOR_PORT ?? localPort(v.WHATSAPP_GRAPH_URL) ?? 8796),
    wanted: (v) => localPort(v.WHATSAPP_GRAPH_URL) !== undefined,
    load: async (v) => {
      const [{ start }, { readVars }] = await Promise.all([import('../../tests/emulators/whatsapp/server.ts'), import('./vars.ts')]);
      const example = readVars('.dev.vars.example');
      const value = (name: string) => v[name] || example[name] || '';
      const webhookUrl = `http://127.0.0.1:${process.env.PORT ?? '8787'}/api/whatsapp/webhook`;
      return {
        start: (port: number) => start({ port, token: value('WHATSAPP_TOKEN'), appSecret: value('WHATSAPP_APP_SECRET'), phoneNumberId: value('WHATSAPP_PHONE_NUMBER_ID'), number: value('WHATSAPP_NUMBER'), webhookUrl }),
      };
    },
    vars: (e, v): Record<string, string> => (`${e.url}/v24.0` === v.WHATSAPP_GRAPH_URL ? {} : { WHATSAPP_GRAPH_URL: `${e.url}/v24.0` }),
    notes: (e) => [`message the site as a customer: ${e.url} (POST ${e.url}/__send; what the site sent: ${e.url}/__received; modes: POST ${e.url}/__mode)`],
  },
  {
    // Gemini: only when asked for, i.e. GEMINI_BASE_URL on localhost and a GEMINI_API_KEY set (any value).
    // Without a key the Worker's built-in local assistant answers and no emulator is needed.
    name: 'Gemini',
    port: (v) => Number(process.env.GEMINI_EMULATOR_PORT ?? localPort(v.GEMINI_BASE_URL) ?? 8791),
    wanted: (v) => Boolean(v.GEMINI_API_KEY) && localPort(v.GEMINI_BASE_URL) !== undefined,
    load: () => import('../../tests/emulators/gemini/server.ts'),
    vars: (e, v): Record<string, string> => (e.url === v.GEMINI_BASE_URL ? {} : { GEMINI_BASE_URL: e.url }),
    notes: (e) => [`requests it received: ${e.url}/__requests (script answers: POST ${e.url}/__script)`],
  },
  {
    // Gemini Live (voice input): used unless a real Live configuration is set, i.e. when GEMINI_LIVE_URL is
    // on localhost, or when it is unset (Google's) and there is no GEMINI_API_KEY. The Worker needs no key
    // for a localhost Live URL (platform/config.ts liveEndpoint), so voice works end to end offline.
    name: 'Gemini Live',
    port: (v) => Number(process.env.GEMINI_LIVE_EMULATOR_PORT ?? localWsPort(v.GEMINI_LIVE_URL) ?? 8792),
    wanted: (v) => localWsPort(v.GEMINI_LIVE_URL) !== undefined || (!v.GEMINI_LIVE_URL && !v.GEMINI_API_KEY),
    load: () => import('../../tests/emulators/gemini-live/server.ts'),
    vars: (e, v): Record<string, string> => (e.url === v.GEMINI_LIVE_URL ? {} : { GEMINI_LIVE_URL: e.url }),
    notes: (e) => {
      const origin = e.url.replace(/^ws/, 'http').replace(/\/ws\/.*$/, '');
      return [`sessions it received: ${origin}/__sessions (fail, delay, goAway, interrupt: POST ${origin}/__mode)`];
    },
  },
];

export async function startEmulators(vars: Record<string, string>): Promise<RunningEmulator[]> {
  const running: RunningEmulator[] = [];
  for (const spec of emulatorSpecs) {
    if (!spec.wanted(vars)) continue;
    const mod = await spec.load(vars);
    const emulator = await mod.start(typeof spec.port === 'function' ? spec.port(vars) : spec.port);
    running.push({ ...emulator, close: () => emulator.close(), vars: spec.vars?.(emulator, vars) ?? {}, notes: spec.notes?.(emulator) ?? [] });
  }
  return running;
}
