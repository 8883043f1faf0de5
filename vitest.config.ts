import { defineConfig } from 'vitest/config';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { readVars } from './scripts/lib/vars.ts';

// Two projects: `unit` (pure logic and emulators, in Node) and `worker` (the real Worker, Durable Objects
// and queues in workerd). .dev.vars.example doubles as the test configuration (Epic Stack habit);
// tests/worker/global-setup.ts starts the emulators and provides their addresses.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'shared/**/*.test.ts'],
        },
      },
      {
        plugins: [
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: { ...readVars('.dev.vars.example'), ...inject('workerBindings') },
            },
          })),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          globalSetup: ['tests/worker/global-setup.ts'],
        },
      },
    ],
  },
});
