import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Env } from '../config/env';
import { LOG_REDACT, LOG_SERIALIZERS } from '../transport/log-options';

export type LogFormat = 'pretty' | 'json';

/**
 * LOG_FORMAT, else pretty in a terminal outside production and JSON everywhere else (a log
 * collector, a pipe, a container).
 */
export function logFormat(
  env: Pick<Env, 'LOG_FORMAT' | 'NODE_ENV'>,
  stream: { isTTY?: boolean } = process.stdout,
): LogFormat {
  return env.LOG_FORMAT ?? (stream.isTTY && env.NODE_ENV !== 'production' ? 'pretty' : 'json');
}

/** The level of the one line each HTTP request logs: debug for a person at a terminal, info for collectors. */
export function requestLogLevel(format: LogFormat): 'debug' | 'info' {
  return format === 'pretty' ? 'debug' : 'info';
}

/**
 * The process logger: pino with secrets redacted; in pretty mode lines read
 * `12:03:04 INFO  ready: http://localhost:3000` (pino-pretty in this thread: no worker transport,
 * so the compiled server needs nothing beside it).
 */
export function createLogger(env: Pick<Env, 'LOG_FORMAT' | 'NODE_ENV' | 'LOG_LEVEL'>): Logger {
  const options = { level: env.LOG_LEVEL, redact: LOG_REDACT, serializers: LOG_SERIALIZERS };
  if (logFormat(env) === 'json') return pino(options);
  return pino(
    options,
    pretty({
      colorize: true,
      translateTime: 'HH:MM:ss',
      ignore: 'pid,hostname,reqId,req,res,responseTime',
      messageFormat: (log, messageKey) => {
        const req = log.req as { method?: string; url?: string } | undefined;
        const res = log.res as { statusCode?: number } | undefined;
        if (req && res) return `${req.method} ${req.url} ${res.statusCode} ${String(log.responseTime)} ms`;
        return String(log[messageKey] ?? '');
      },
      sync: true,
    }),
  );
}
