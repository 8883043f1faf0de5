import { defineConfig } from 'vitest/config';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { fetch as miniflareFetch } from 'miniflare';
import { readVars } from './scripts/lib/vars.ts';

/** Forwards outbound requests to the origins named in the emulator bindings; anything else is an error. */
function allowOnly(bindings: Record<string, string>) {
  const allowed = new Set<string>();
  for (const value of Object.values(bindings)) {
    try {
      const url = new URL(value);
      // A WebSocket address (the Gemini Live emulator) is reached by a fetch with Upgrade over http(s).
      if (url.protocol === 'ws:' || url.protocol === 'wss:') url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
      allowed.add(url.origin);
    } catch {
      // Not an address.
    }
  }
  return async (request: Request): Promise<Response> => {
    const origin = new URL(request.url).origin;
    if (allowed.has(origin) && request.headers.get('Upgrade')?.toLowerCase() === 'websocket') {
      // Node's fetch cannot upgrade; Miniflare's returns a Response whose webSocket it couples back into workerd.
      return miniflareFetch(request.url, { headers: Object.fromEntries(request.headers) }) as unknown as Response;
    }
    if (allowed.has(origin)) {
      // Miniflare's Request is not Node's: forward its parts.
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
      return fetch(request.url, { method: request.method, headers: request.headers, body, redirect: 'manual' });
    }
    const message = `Unexpected outbound request in a Worker test: ${request.method} ${request.url} (allowed: ${[...allowed].join(', ') || 'none'})`;
    console.error(message);
    throw new Error(message);
  };
}

// Three projects: `unit` (pure logic and emulators, in Node), `worker` (the real Worker, Durable Objects
// and queues in workerd) and `site` (the built site served by the real Worker through wrangler's test
// harness, tested black-box over HTTP from Node; needs a build in BUILD_DIR, default dist).
// .dev.vars.example doubles as the test configuration (Epic Stack habit); tests/worker/global-setup.ts
// starts the emulators and provides their addresses.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'shared/**/*.test.ts'],
          // Several unit tests start an emulator or a child process; a busy machine must not fail them on time alone.
          testTimeout: 20_000,
        },
      },
      {
        plugins: [
          cloudflareTest(({ inject }) => {
            const workerBindings = inject('workerBindings');
            return {
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                bindings: { ...readVars('.dev.vars.example'), ...workerBindings },
                // Fail closed: the Worker may only reach the emulators of tests/worker/global-setup.ts.
                outboundService: allowOnly(workerBindings),
              },
            };
          }),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          globalSetup: ['tests/worker/global-setup.ts'],
          setupFiles: ['tests/worker/settle.ts'],
          // Real HTTP through workerd to the emulators: slow on a busy machine, never wrong because of it.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'site',
          environment: 'node',
          include: ['tests/site/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
