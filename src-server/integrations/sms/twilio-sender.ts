import { DeliveryError } from '../delivery-error';
import type { SmsSender } from './sms-sender';

interface TwilioOptions {
  apiBase: string;
  accountSid: string;
  authToken: string;
  /** A phone number, or a Messaging Service SID (MG...). */
  from: string;
}

interface TwilioErrorBody {
  code?: number;
  message?: string;
}

/** The Twilio Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded. */
export function twilioSender(options: TwilioOptions): SmsSender {
  const url = new URL(`/2010-04-01/Accounts/${options.accountSid}/Messages.json`, options.apiBase).toString();
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    async send(message) {
      const form = new URLSearchParams({ To: message.to, Body: message.body });
      form.set(options.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', options.from);
      if (message.statusCallback) form.set('StatusCallback', message.statusCallback);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new DeliveryError(`Twilio unreachable: ${(error as Error).message}`, { permanent: false, cause: error });
      }
      const body = (await response.json().catch(() => ({}))) as TwilioErrorBody & { sid?: string };
      if (response.ok && body.sid) return { sid: body.sid };
      // 4xx other than 429 are about the request itself (bad number, opted out): retrying won't help.
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
      throw new DeliveryError(`Twilio refused the message (${response.status}): ${body.message ?? 'no message'}`, {
        permanent,
        providerCode: body.code ?? response.status,
      });
    },
  };
}
