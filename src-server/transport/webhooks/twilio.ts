import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#shared/app-error';
import { recordSecurityEvent } from '../../domains/admin/security-events';
import { text } from '#shared/input';
import type { AppDeps } from '../../deps';
import { publicUrl, supportEmailFor } from '../../domains/auth/request-info';
import { recordInboundMessage } from '../../domains/auth/contacts.repo';
import { handleInboundSms } from '../../domains/auth/inbound-sms.service';
import {
  recordSmsStatus,
  SMS_STATUS_PATH,
  SMS_STATUS_RANK,
  type SmsStatus,
} from '../../domains/alerts/delivery-receipts.service';
import { twiml } from '../../domains/auth/twiml';
import { isValidTwilioSignature, type WebhookParams } from '../../integrations/sms/twilio-signature';
import { z } from 'zod';
import { restErrorHandler } from '../rest/errors';
import { parseInput } from '../rest/validate';

/** The fields used; Twilio sends many more (all of them are signed). */
const inboundSmsInput = z
  .object({
    MessageSid: text().regex(/^(SM|MM)[0-9a-f]{32}$/, 'MessageSid is not a Twilio message SID'),
    From: text().min(1).max(32),
    Body: text().max(1600),
  })
  .loose();

const SMS_STATUSES = Object.keys(SMS_STATUS_RANK) as [SmsStatus, ...SmsStatus[]];

/** A status callback's fields (Twilio also sends SmsSid, SmsStatus, From, To, ApiVersion, RawDlrDoneDate...; all signed). */
const statusCallbackInput = z
  .object({
    MessageSid: text().regex(/^(SM|MM)[0-9a-f]{32}$/, 'MessageSid is not a Twilio message SID'),
    MessageStatus: z.enum(SMS_STATUSES, { error: `MessageStatus must be one of ${SMS_STATUSES.join(', ')}` }),
    ErrorCode: text()
      .regex(/^\d{0,6}$/, 'ErrorCode is not a Twilio error code')
      .optional(),
  })
  .loose();
const statusCallbackParams = z
  .object({ alertId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
  .strict();

/**
 * Twilio's signature over the URL it was configured with (PUBLIC_URL's origin when set, else
 * what we were called on) and the form fields: a forged, altered or re-targeted request is a 403
 * and a security event. The auth token and the signature are never logged.
 */
async function verifyTwilio(
  deps: AppDeps,
  authToken: string,
  request: FastifyRequest,
  subject: string,
): Promise<WebhookParams> {
  const url = deps.env.PUBLIC_URL
    ? `${publicUrl(deps)}${request.url}`
    : `${request.protocol}://${request.host}${request.url}`;
  const signature = request.headers['x-twilio-signature'];
  const body = (request.body ?? {}) as WebhookParams;
  if (
    !isValidTwilioSignature({ authToken, url, body, signature: typeof signature === 'string' ? signature : undefined })
  ) {
    await recordSecurityEvent(deps.db, {
      kind: 'webhook_signature_failed',
      subject,
      detail: { signed: typeof signature === 'string' },
      ip: request.ip,
    });
    throw new AppError('FORBIDDEN', 'The X-Twilio-Signature header does not match.', { reason: 'invalid_signature' });
  }
  return body;
}

/**
 * POST /api/sms/inbound, Twilio's inbound-message webhook: verify the signature, parse, call the
 * service. The only /api route that takes a form body (Twilio posts one); a MessageSid seen
 * before is a replay and is refused without acting. Without Twilio settings the routes do not
 * exist (404): nothing could have sent us a signed request.
 */
export async function twilioWebhook(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  const authToken = deps.env.TWILIO_AUTH_TOKEN;
  if (!authToken) return;
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  app.setErrorHandler(restErrorHandler);

  app.post(
    '/sms/inbound',
    {
      config: {
        openapi: {
          summary:
            "Twilio's inbound-message webhook (STOP, START, HELP, YES replies); answers TwiML; a replayed MessageSid is refused",
          tag: 'webhooks',
          auth: 'twilio-signature',
          body: inboundSmsInput,
          bodyType: 'application/x-www-form-urlencoded',
          responses: { 200: { description: 'TwiML reply', contentType: 'text/xml' } },
          errors: [403, 409],
        },
      },
    },
    async (request, reply) => {
      const body = await verifyTwilio(deps, authToken, request, 'twilio');
      const input = parseInput(inboundSmsInput, body);
      if (!(await recordInboundMessage(deps.db, { messageSid: input.MessageSid }))) {
        request.log.warn({ messageSid: input.MessageSid }, 'replayed Twilio webhook refused');
        throw new AppError('CONFLICT', 'This message was already handled.', { reason: 'replayed_message' });
      }
      const message = await handleInboundSms(deps.db, {
        from: input.From,
        body: input.Body,
        supportEmail: supportEmailFor(deps),
      });
      return reply.type('text/xml; charset=utf-8').send(twiml(message));
    },
  );
  app.post(
    `${SMS_STATUS_PATH}/:alertId`,
    {
      config: {
        openapi: {
          summary:
            "Twilio's status callback for an alert text (the StatusCallback it was sent with): records sent / delivered / undelivered / failed on that alert; replays and late earlier statuses change nothing",
          tag: 'webhooks',
          auth: 'twilio-signature',
          params: statusCallbackParams,
          body: statusCallbackInput,
          bodyType: 'application/x-www-form-urlencoded',
          responses: {
            204: { description: "Acknowledged (also for a message that is not this alert's: nothing changes)" },
          },
          errors: [400, 403],
        },
      },
    },
    async (request, reply) => {
      const body = await verifyTwilio(deps, authToken, request, 'twilio-status');
      const { alertId } = parseInput(statusCallbackParams, request.params);
      const input = parseInput(statusCallbackInput, body);
      const outcome = await recordSmsStatus(deps.db, {
        alertId,
        messageSid: input.MessageSid,
        status: input.MessageStatus,
        errorCode: input.ErrorCode || null,
      });
      request.log.info({ alertId, status: input.MessageStatus, outcome }, 'Twilio status callback');
      return reply.code(204).send();
    },
  );
}
