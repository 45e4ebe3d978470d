/**
 * Typed errors thrown by services. One table maps each kind to an HTTP status and a tRPC code,
 * used by both the tRPC error formatter and the REST plugin, so a rule fails the same way
 * on every transport.
 */
export const ERROR_KINDS = {
  BAD_REQUEST: { status: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { status: 401, trpc: 'UNAUTHORIZED' },
  PAYMENT_REQUIRED: { status: 402, trpc: 'FORBIDDEN' },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND' },
  CONFLICT: { status: 409, trpc: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  UNPROCESSABLE: { status: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  TOO_MANY_REQUESTS: { status: 429, trpc: 'TOO_MANY_REQUESTS' },
  INTERNAL: { status: 500, trpc: 'INTERNAL_SERVER_ERROR' },
  UNAVAILABLE: { status: 503, trpc: 'SERVICE_UNAVAILABLE' },
} as const;

export type ErrorKind = keyof typeof ERROR_KINDS;
export type TrpcErrorCode = (typeof ERROR_KINDS)[ErrorKind]['trpc'];

export interface AppErrorOptions {
  /** Machine-readable reason clients switch on, e.g. 'ticker_not_recognized'. */
  reason?: string;
  /** Extra JSON-safe fields returned to the client (never internals). */
  details?: Record<string, unknown>;
  cause?: unknown;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly kind: ErrorKind;
  readonly reason: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(kind: ErrorKind, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.reason = options.reason ?? kind.toLowerCase();
    this.details = options.details;
  }

  get status(): number {
    return ERROR_KINDS[this.kind].status;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * The JSON body every transport sends for an error; 5xx bodies carry no internals. A 503
 * (UNAVAILABLE) keeps its message: services write it for people ("Payments are unavailable
 * right now...") so the page can say what to do.
 */
export function errorBody(error: AppError): { error: string; message: string } & Record<string, unknown> {
  if (error.status >= 500 && error.kind !== 'UNAVAILABLE') return { error: error.reason, message: INTERNAL_MESSAGE };
  return { ...(error.details ?? {}), error: error.reason, message: error.message };
}
