// Starts the local stand-in of each external service the configuration points at (ARCHITECTURE.md:
// "Local addresses"). Each emulator module exports start(port) and resolves once it listens.
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
  load(): Promise<{ start(port: number): Promise<RunningEmulator> }>;
  /** Variables to override once the emulator listens (its real port may differ from the configured one). */
  vars?(emulator: RunningEmulator, vars: Record<string, string>): Record<string, string>;
  notes?(emulator: RunningEmulator): string[];
}

const isLocal = (value: string | undefined, port: number) => !value || new RegExp(`^https?://(localhost|127\\.0\\.0\\.1):${port}(/|$)`).test(value);
const localPort = (value: string | undefined) => /^https?:\/\/(?:localhost|127\.0\.0\.1):(\d+)(?:\/|$)/.exec(value ?? '')?.[1];

// FormSubmit: FORMSUBMIT_ENDPOINT unset or on localhost means the emulator, on FORMSUBMIT_EMULATOR_PORT, else
// the configured port, else 8793. The Worker is told the emulator's real address, keeping the form token.
const formSubmitToken = (endpoint: string | undefined) => /\/ajax\/([^/?#]+)/.exec(endpoint ?? '')?.[1] ?? 'local-formsubmit-token';

export const emulatorSpecs: EmulatorSpec[] = [
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
];

export async function startEmulators(vars: Record<string, string>): Promise<RunningEmulator[]> {
  const running: RunningEmulator[] = [];
  for (const spec of emulatorSpecs) {
    if (!spec.wanted(vars)) continue;
    const mod = await spec.load();
    const emulator = await mod.start(typeof spec.port === 'function' ? spec.port(vars) : spec.port);
    running.push({ ...emulator, close: () => emulator.close(), vars: spec.vars?.(emulator, vars) ?? {}, notes: spec.notes?.(emulator) ?? [] });
  }
  return running;
}
