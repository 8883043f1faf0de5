// The built site served by the real Worker (wrangler's test harness: workerd, assets, Durable Objects)
// with a Gemini key and this Gemini emulator, for the browser tests of the streamed chat
// (tests/e2e/chat.spec.ts) and the chat benchmark (scripts/bench-chat.ts). Both listen on free loopback
// ports. The harness sends the Worker's calls through Node's fetch (its outbound service), which does not
// pass a cancellation on: the emulator never sees the Worker cancel (docs/decisions/0007, Consequences).
import { resolve } from 'node:path';
import { offlineWranglerEnv, readVars } from '../../../scripts/lib/vars.ts';
import { start as startGemini, type GeminiEmulator, type GeminiEmulatorOptions } from './server.ts';

export const GEMINI_SITE_KEY = 'gemini-site-emulator-key';

export interface GeminiSite {
  /** The site's origin, e.g. http://127.0.0.1:PORT. */
  url: string;
  gemini: GeminiEmulator;
  close(): Promise<void>;
}

export async function startGeminiSite(options: GeminiEmulatorOptions & { buildDir?: string; vars?: Record<string, string> } = {}): Promise<GeminiSite> {
  Object.assign(process.env, offlineWranglerEnv, { WRANGLER_LOG: process.env.WRANGLER_LOG ?? 'warn' });
  const { createTestHarness, unstable_readConfig } = await import('wrangler');
  const base = unstable_readConfig({ config: resolve('wrangler.toml') });
  const gemini = await startGemini(0, { apiKeys: [GEMINI_SITE_KEY], ...options });
  const vars = {
    ...readVars('.dev.vars.example'),
    // Nothing but the chat: no FormSubmit, no Appwrite.
    FORMSUBMIT_ENDPOINT: 'http://127.0.0.1:9/ajax/gemini-site',
    APPWRITE_ENDPOINT: '',
    GEMINI_API_KEY: GEMINI_SITE_KEY,
    GEMINI_BASE_URL: gemini.url,
    ...options.vars,
  };
  const config = {
    name: base.name, main: base.main, compatibility_date: base.compatibility_date, compatibility_flags: base.compatibility_flags,
    durable_objects: base.durable_objects, migrations: base.migrations, queues: base.queues,
    assets: { ...base.assets, directory: resolve(options.buildDir ?? process.env.BUILD_DIR ?? 'dist', 'client') },
    vars: { ...base.vars, ...vars },
  };
  const server = createTestHarness({ workers: [{ config: config as never }] });
  try {
    const { url } = await server.listen();
    return {
      url: url.origin,
      gemini,
      close: async () => {
        await server.close();
        await gemini.close();
      },
    };
  } catch (err) {
    await gemini.close();
    throw err;
  }
}
