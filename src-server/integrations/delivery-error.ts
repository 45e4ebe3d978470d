/**
 * A provider refused or failed a send. `permanent` says whether retrying the same message can
 * help (SMTP 5xx, Twilio 4xx such as an invalid or opted-out number) or not (timeouts, 4xx SMTP
 * replies, 429 and 5xx from Twilio), so a delivery queue can retry or dead-letter.
 */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  readonly permanent: boolean;
  /** The provider's own code (SMTP reply code, Twilio error code) when it gave one. */
  readonly providerCode: string | number | undefined;

  constructor(message: string, options: { permanent: boolean; providerCode?: string | number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.permanent = options.permanent;
    this.providerCode = options.providerCode;
  }
}
