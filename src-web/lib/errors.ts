/** Turning server errors into the message a person sees (SPEC.md section 8). */

interface ErrorData {
  reason?: string | null;
  httpStatus?: number;
  code?: string;
}

/** A non-OK response body: JSON with message or error, else the raw text. */
export function messageFromBody(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  try {
    const body: unknown = JSON.parse(trimmed);
    if (body && typeof body === 'object') {
      const { message, error } = body as { message?: unknown; error?: unknown };
      if (typeof message === 'string' && message) return message;
      if (typeof error === 'string' && error) return error;
    }
  } catch {
    // Not JSON: the raw text is the message.
  }
  return trimmed;
}

function errorData(error: unknown): ErrorData | null {
  if (!error || typeof error !== 'object' || !('data' in error)) return null;
  const data = (error as { data?: unknown }).data;
  return data && typeof data === 'object' ? (data as ErrorData) : null;
}

/** The machine-readable reason a tRPC error carries (e.g. 'ticker_not_recognized'). */
export function errorReason(error: unknown): string | null {
  return errorData(error)?.reason ?? null;
}

/**
 * The server's message for a failed call; the fallback for network failures and server
 * faults, where the text would mean nothing to the user.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const data = errorData(error);
  if (!data) return fallback;
  if (data.httpStatus && data.httpStatus >= 500) return fallback;
  return messageFromBody(error.message) || fallback;
}
