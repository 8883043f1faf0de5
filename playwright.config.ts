import { defineConfig } from '@playwright/test';
import { configuredVars, ports, siteURL } from './tests/e2e/servers.ts';

// Browser tests in Debian's chromium against the built site served by `wrangler dev` (scripts/start.ts).
// The config builds nothing: `npm test` builds first; BUILD_DIR picks another build folder.
//
// Two servers:
//  - the site as configured by .dev.vars.example (no analytics, no scheduling widget) on E2E_PORT (8795),
//    with its FormSubmit emulator on E2E_PORT + 1 and its Appwrite emulator on E2E_PORT + 4;
//  - the same build with ANALYTICS_ID and BOOKING_URL set on E2E_PORT + 2 (FormSubmit on + 3, Appwrite
//    on + 5), for the analytics and booking widget tests.
// Each has its Gemini Live emulator (voice) on E2E_PORT + 6 and + 7.
// Addresses are in tests/e2e/servers.ts. Each server keeps its Durable Object, queue and Appwrite
// emulator state in its own place under /tmp, emptied at start.
const buildDir = process.env.BUILD_DIR ?? 'dist';

function server(sitePort: number, formsubmitPort: number, appwritePort: number, livePort: number, extraWranglerArgs: string[]) {
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
    server(ports.site, ports.formsubmit, ports.appwrite, ports.site + 6, []),
    server(ports.configuredSite, ports.configuredFormsubmit, ports.configuredAppwrite, ports.site + 7, Object.entries(configuredVars).map(([k, v]) => `--var ${k}:${v}`)),
  ],
});
