// One structured log line per event, for the Worker (functions/) and the Durable Objects (durable/):
// `{"level":"error","event":"submission.queue_failed","requestId":"…",…}`. Formatting only; where the line
// goes is passed in (the platform's console in production, a spy in tests).

export type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
  /** The same logger with more fields on every line (e.g. a request id or an object's name). */
  with(fields: LogFields): Logger;
}

/** What writes the lines: `console` satisfies it. */
export interface LogSink {
  log(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

/** An Error as its message, anything else as text: log lines never carry stacks or objects' internals. */
export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The JSON line of one event. Fields given later win; `level` and `event` always come first. */
export function logLine(level: LogLevel, event: string, ...fields: LogFields[]): string {
  return JSON.stringify(Object.assign({ level, event }, ...fields, { level, event }));
}

export function createLogger(sink: LogSink, base: LogFields = {}): Logger {
  return {
    info: (event, fields = {}) => sink.log(logLine('info', event, base, fields)),
    warn: (event, fields = {}) => sink.warn(logLine('warn', event, base, fields)),
    error: (event, fields = {}) => sink.error(logLine('error', event, base, fields)),
    with: (fields) => createLogger(sink, { ...base, ...fields }),
  };
}
