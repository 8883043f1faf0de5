import type { RequestIdVariables } from 'hono/request-id';
import type { Logger } from '../shared/log.ts';
import type { AppConfig } from '../platform/config.ts';

/** What every request of the Worker carries (functions/pipeline.ts sets the variables). */
export type AppEnv = {
  Bindings: Env;
  Variables: RequestIdVariables & {
    /** The configuration, validated once (platform/config.ts) by the checkConfiguration middleware. */
    config: AppConfig;
    /** One JSON line per event, with this request's id. */
    log: Logger;
  };
};
