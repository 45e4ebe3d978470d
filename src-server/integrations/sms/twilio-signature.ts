import { createHmac, timingSafeEqual } from 'node:crypto';

export type WebhookParams = Record<string, string | string[] | undefined>;

/**
 * Twilio's request signature: HMAC-SHA1 (auth token as key) over the full webhook URL followed
 * by every POST parameter name and value, names (and repeated values) sorted; base64.
 */
export function twilioSignature(authToken: string, url: string, params: WebhookParams): string {
  let data = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    for (const item of Array.isArray(value) ? [...value].sort() : [value ?? '']) data += name + item;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function isValidTwilioSignature(params: {
  authToken: string;
  url: string;
  body: WebhookParams;
  signature: string | undefined;
}): boolean {
  if (!params.signature) return false;
  const expected = Buffer.from(twilioSignature(params.authToken, params.url, params.body));
  const given = Buffer.from(params.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
