import { z } from 'zod';
import type { PublicConfig } from '../shared/config.ts';

// Configuration is validated once per isolate (Epic Stack habit): a broken deployment fails with a
// message per field instead of misbehaving later.
const optionalUrl = z.union([z.literal(''), z.url()]).default('').transform((v) => v || null);

const schema = z.object({
  SITE_URL: z.url().transform((v) => v.replace(/\/+$/, '')),
  ASSISTANT_NAME: z.string().trim().min(1).default('Volta Assistant'),
  ANALYTICS_ID: z.union([z.literal(''), z.string().regex(/^G-[A-Z0-9]+$/, 'must look like G-XXXXXXX')]).default('').transform((v) => v || null),
  BOOKING_URL: optionalUrl,
  FORMSUBMIT_ENDPOINT: optionalUrl,
});

export type AppConfig = z.output<typeof schema>;

export class ConfigError extends Error {}

let cached: { env: Env; config: AppConfig } | undefined;

export function appConfig(env: Env): AppConfig {
  if (cached?.env === env) return cached.config;
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid Worker configuration: ${fields}`);
  }
  cached = { env, config: parsed.data };
  return parsed.data;
}

export function publicConfig(config: AppConfig): PublicConfig {
  return {
    siteUrl: config.SITE_URL,
    assistantName: config.ASSISTANT_NAME,
    analyticsId: config.ANALYTICS_ID,
    bookingUrl: config.BOOKING_URL,
  };
}
