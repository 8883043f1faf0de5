import { existsSync, readFileSync } from 'node:fs';

/** The Worker's local configuration: .dev.vars when present, else the documented defaults. */
export function localVarsFile(): string {
  return existsSync('.dev.vars') ? '.dev.vars' : '.dev.vars.example';
}

/** Parses a dotenv-style file (KEY=value, # comments, optional quotes). */
export function readVars(file = localVarsFile()): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    out[m[1]!] = m[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}

/** Environment for wrangler: no telemetry, no network fetches, so it works offline. */
export const offlineWranglerEnv = {
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? 'info',
};
