import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { canSubmitCode, detectedLabel, normaliseCodeInput, sendCodeError, verifyCodeError } from './login-rules';

const trpcError = (message: string, httpStatus: number) =>
  new TRPCClientError(message, { result: { error: { message, code: -32600, data: { httpStatus } } } as never });

describe('login (SPEC.md sections 2, 5 and 8)', () => {
  it("detects email by '@', else phone", () => {
    expect(detectedLabel('jane@example.com')).toBe('Detected: Email');
    expect(detectedLabel('(415) 555-0134')).toBe('Detected: Phone');
    expect(detectedLabel('  ')).toBeNull();
  });
  it('accepts at most 6 characters and submits only at exactly 6', () => {
    expect(normaliseCodeInput('12 34 567')).toBe('123456');
    expect(canSubmitCode('12345')).toBe(false);
    expect(canSubmitCode('123456')).toBe(true);
  });
  it('shows the server reason for a refused send, else the default', () => {
    expect(sendCodeError(trpcError('Text messages go to US numbers only.', 400))).toBe(
      'Text messages go to US numbers only.',
    );
    expect(sendCodeError(new TypeError('Failed to fetch'))).toBe('Failed to send verification code');
  });
  it("reads 'Invalid verification code' for a refused code, keeping rate-limit messages", () => {
    expect(verifyCodeError(trpcError('Code does not match', 400))).toBe('Invalid verification code');
    expect(verifyCodeError(trpcError('Too many attempts. Request a new code.', 429))).toBe(
      'Too many attempts. Request a new code.',
    );
  });
});
