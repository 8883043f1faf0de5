declare module 'vitest' {
  interface ProvidedContext {
    /** Worker bindings that point at the emulators started by tests/worker/global-setup.ts. */
    workerBindings: Record<string, string>;
  }
}
export {};
