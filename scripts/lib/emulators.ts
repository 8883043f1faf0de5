// Starts the local stand-in of each external service the configuration points at (ARCHITECTURE.md:
// "Local addresses"). Each emulator module exports start(port) and resolves once it listens.
export interface RunningEmulator { name: string; url: string; close(): Promise<void> }

interface EmulatorSpec {
  name: string;
  port: number;
  /** True when the configuration uses this stand-in (unset, or pointing at its local address). */
  wanted(vars: Record<string, string>): boolean;
  load(): Promise<{ start(port: number): Promise<RunningEmulator> }>;
}

const isLocal = (value: string | undefined, port: number) => !value || new RegExp(`^https?://(localhost|127\\.0\\.0\\.1):${port}(/|$)`).test(value);

export const emulatorSpecs: EmulatorSpec[] = [
  {
    name: 'FormSubmit',
    port: Number(process.env.FORMSUBMIT_EMULATOR_PORT ?? 8793),
    wanted: (v) => isLocal(v.FORMSUBMIT_ENDPOINT, 8793),
    load: () => import('../../tests/emulators/formsubmit/server.ts'),
  },
];

export async function startEmulators(vars: Record<string, string>): Promise<RunningEmulator[]> {
  const running: RunningEmulator[] = [];
  for (const spec of emulatorSpecs) {
    if (!spec.wanted(vars)) continue;
    const mod = await spec.load();
    running.push(await mod.start(spec.port));
  }
  return running;
}
