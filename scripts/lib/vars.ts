import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/** The Worker's local configuration: .dev.vars when present, else the documented defaults. */
export function localVarsFile(): string {
  return existsSync('.dev.vars') ? '.dev.vars' : '.dev.vars.example';
}

/** Reads a dotenv-style file (KEY=value, # comments, optional quotes) with Node's own parser. */
export function readVars(file = localVarsFile()): Record<string, string> {
  return parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** Environment for wrangler: no telemetry, no network fetches, so it works offline. */
export const offlineWranglerEnv = {
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? 'info',
};
