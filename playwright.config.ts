import { readFileSync, writeFileSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { configuredVars, ports, siteURL } from './tests/e2e/servers.ts';

// Browser tests in Debian's chromium against the built site served by `wrangler dev` (scripts/start.ts).
// The config builds nothing: `npm test` builds first; BUILD_DIR picks another build folder.
//
// Two servers:
//  - the site as configured by .dev.vars.example (no analytics, no scheduling widget) on E2E_PORT (8795),
//    with its FormSubmit emulator on E2E_PORT + 1 and its Appwrite emulator on E2E_PORT + 4; its queue
//    parks a submission after one failed delivery (wrangler.e2e.toml, below);
//  - the same build with ANALYTICS_ID and BOOKING_URL set on E2E_PORT + 2 (FormSubmit on + 3, Appwrite
//    on + 5), for the analytics and booking widget tests.
// Each has its Gemini Live emulator (voice) on E2E_PORT + 6 and + 7, and its outbox stand-in (mail out, Web
// Push) on E2E_PORT + 8 and + 9, and its WhatsApp stand-in (Graph API, signed webhooks to that server's
// /api/whatsapp/webhook, the customer's page) on E2E_PORT + 10 and + 11.
// Addresses are in tests/e2e/servers.ts. Each server keeps its Durable Object, queue and Appwrite
// emulator state in its own place under /tmp, emptied at start.
const buildDir = process.env.BUILD_DIR ?? 'dist';

// The first server parks a submission after its first failed delivery (max_retries = 0 on `submissions`)
// instead of after 12 retries over 4.5 hours, so that a browser test can put one in /admin/deliveries
// (admin-team.spec.ts). Everything else is wrangler.toml as it is; no other test makes a delivery fail.
// Written only when it changes: wrangler dev reloads when its configuration file is touched.
const QUICK_PARK_CONFIG = 'wrangler.e2e.toml';
function writeQuickParkConfig() {
  const toml = readFileSync('wrangler.toml', 'utf8');
  const quick = toml.replace(/(queue = "submissions"\n(?:[^[\n][^\n]*\n)*?)max_retries = \d+/, '$1max_retries = 0');
  if (quick === toml) throw new Error('playwright.config.ts: no max_retries in the submissions consumer of wrangler.toml');
  let current = '';
  try {
    current = readFileSync(QUICK_PARK_CONFIG, 'utf8');
  } catch {
    // Not written yet.
  }
  if (current !== quick) writeFileSync(QUICK_PARK_CONFIG, quick);
}
writeQuickParkConfig();

function server(sitePort: number, formsubmitPort: number, appwritePort: number, livePort: number, outboxPort: number, whatsappPort: number, extraWranglerArgs: string[]) {
  const state = `/tmp/e2e-wrangler-state-${sitePort}`;
  const appwriteData = `/tmp/e2e-appwrite-${appwritePort}.sqlite`;
  const args = ['--persist-to', state, '--inspector-port', '0', ...extraWranglerArgs];
  return {
    command: `rm -rf ${state} ${appwriteData} && node scripts/start.ts --no-build -- ${args.join(' ')}`,
    url: `http://127.0.0.1:${sitePort}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    env: {
      BUILD_DIR: buildDir,
      PORT: String(sitePort),
      FORMSUBMIT_EMULATOR_PORT: String(formsubmitPort),
      APPWRITE_EMULATOR_PORT: String(appwritePort),
      APPWRITE_EMULATOR_DATA: appwriteData,
      // The Gemini Live emulator (voice), one per server.
      GEMINI_LIVE_EMULATOR_PORT: String(livePort),
      // The outbox stand-in (mail out, Web Push), one per server.
      OUTBOX_PORT: String(outboxPort),
      // The WhatsApp stand-in, one per server, delivering to that server's webhook (PORT); the server gets
      // WHATSAPP_GRAPH_URL for it (scripts/lib/emulators.ts).
      WHATSAPP_EMULATOR_PORT: String(whatsappPort),
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: siteURL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    // Recording traces slows every test; E2E_TRACE=1 keeps one for each failure.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    actionTimeout: 5_000,
    navigationTimeout: 10_000,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: [
    server(ports.site, ports.formsubmit, ports.appwrite, ports.site + 6, ports.outbox, ports.whatsapp, ['--config', QUICK_PARK_CONFIG]),
    server(ports.configuredSite, ports.configuredFormsubmit, ports.configuredAppwrite, ports.site + 7, ports.configuredOutbox, ports.configuredWhatsapp, Object.entries(configuredVars).map(([k, v]) => `--var ${k}:${v}`)),
  ],
});
