import type { TestProject } from 'vitest/node';
import { start as startFormSubmit } from '../emulators/formsubmit/server.ts';

// Starts the emulators the Worker talks to during tests, on ephemeral ports, and hands their addresses to
// the Worker's bindings (vitest.config.ts). Outbound requests anywhere else fail (vitest.config.ts).
export default async function setup(project: TestProject) {
  const formSubmit = await startFormSubmit(0);
  const workerBindings: Record<string, string> = {
    FORMSUBMIT_ENDPOINT: `${formSubmit.url}/ajax/worker-tests-token`,
  };
  project.provide('workerBindings', workerBindings);
  return async () => {
    await formSubmit.close();
  };
}
