import { COPY } from '#shared/copy';
import { identifierKind, LOGIN_CODE_LENGTH } from '#shared/phone';
import { errorMessage } from '../../lib/errors';

/** 'Detected: Email' when the entry has @, else phone; nothing for an empty field. */
export function detectedLabel(identifier: string): string | null {
  const value = identifier.trim();
  if (!value) return null;
  return identifierKind(value) === 'email' ? COPY.detectedEmail : 'Detected: Phone';
}

export const CODE_LENGTH = LOGIN_CODE_LENGTH;

/** Keeps at most 6 characters; submit is enabled only at exactly 6. */
export function normaliseCodeInput(value: string): string {
  return value.replace(/\s+/g, '').slice(0, CODE_LENGTH);
}

export function canSubmitCode(code: string): boolean {
  return code.length === CODE_LENGTH;
}

function status(error: unknown): number | undefined {
  return (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
}

/** A refused send: the server's reason (e.g. not a US number, too many codes), else the default. */
export function sendCodeError(error: unknown): string {
  return errorMessage(error, COPY.loginSendFailed);
}

/** A refused code reads 'Invalid verification code'; a rate limit keeps the server's message. */
export function verifyCodeError(error: unknown): string {
  return status(error) === 429 ? errorMessage(error, COPY.loginInvalidCode) : COPY.loginInvalidCode;
}
