import type { TestProject } from 'vitest/node';

// Starts the emulators the Worker talks to during tests and hands their addresses to the Worker's
// bindings (vitest.config.ts). Filled in as emulators are added.
export default async function setup(project: TestProject) {
  const workerBindings: Record<string, string> = {};
  project.provide('workerBindings', workerBindings);
  return async () => {};
}
