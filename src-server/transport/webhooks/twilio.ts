import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/app-error';
import { recordSecurityEvent } from '../../domains/admin/security-events';
import { text } from '../../core/input';
import type { AppDeps } from '../../deps';
import { publicUrl, supportEmailFor } from '../../domains/auth/request-info';
import { recordInboundMessage } from '../../domains/contacts/contacts.repo';
import { handleInboundSms } from '../../domains/contacts/inbound-sms.service';
import { twiml } from '../../domains/contacts/twiml';
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

/**
 * POST /api/sms/inbound, Twilio's inbound-message webhook: verify the signature, parse, call the
 * service. The only /api route that takes a form body (Twilio posts one); a MessageSid seen
 * before is a replay and is refused without acting.
 */
export async function twilioWebhook(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  app.setErrorHandler(restErrorHandler);

  app.post(
    '/sms/inbound',
    {
      config: {
        openapi: {
          summary: "Twilio's inbound-message webhook (STOP, START, HELP, YES replies); answers TwiML; a replayed MessageSid is refused",
          tag: 'webhooks',
          auth: 'twilio-signature',
          body: inboundSmsInput,
          bodyType: 'application/x-www-form-urlencoded',
          responses: { 200: { description: 'TwiML reply', contentType: 'text/xml' } },
          errors: [403, 409, 503],
        },
      },
    },
    async (request, reply) => {
    const authToken = deps.env.TWILIO_AUTH_TOKEN;
    if (!authToken) throw new AppError('UNAVAILABLE', 'Inbound SMS needs TWILIO_AUTH_TOKEN.', { reason: 'sms_not_configured' });
    // Twilio signs the URL it was configured with: PUBLIC_URL's origin when set, else what we were called on.
    const url = deps.env.PUBLIC_URL ? `${publicUrl(deps)}${request.url}` : `${request.protocol}://${request.host}${request.url}`;
    const signature = request.headers['x-twilio-signature'];
    const body = (request.body ?? {}) as WebhookParams;
    if (!isValidTwilioSignature({ authToken, url, body, signature: typeof signature === 'string' ? signature : undefined })) {
      await recordSecurityEvent(deps.db, { kind: 'webhook_signature_failed', subject: 'twilio', detail: { signed: typeof signature === 'string' }, ip: request.ip });
      throw new AppError('FORBIDDEN', 'The X-Twilio-Signature header does not match.', { reason: 'invalid_signature' });
    }
    const input = parseInput(inboundSmsInput, body);
    if (!(await recordInboundMessage(deps.db, { messageSid: input.MessageSid }))) {
      request.log.warn({ messageSid: input.MessageSid }, 'replayed Twilio webhook refused');
      throw new AppError('CONFLICT', 'This message was already handled.', { reason: 'replayed_message' });
    }
    const message = await handleInboundSms(deps.db, { from: input.From, body: input.Body, supportEmail: supportEmailFor(deps) });
    return reply.type('text/xml; charset=utf-8').send(twiml(message));
    },
  );
}
