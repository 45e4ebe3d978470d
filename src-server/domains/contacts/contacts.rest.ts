import { AppError } from '../../core/app-error';
import type { RestRoutes } from '../../transport/rest/plugin';
import { parseInput } from '../../transport/rest/validate';
import * as schemas from '../auth/auth.schemas';
import { messengerFor, publicUrl, supportEmailFor } from '../auth/request-info';
import { callerSession, linkPage, restRequestInfo } from '../auth/rest-helpers';
import { isValidTwilioSignature, type WebhookParams } from '../../integrations/sms/twilio-signature';
import { addSecondaryContact, saveContacts, verifyEmailLink } from './contacts.service';
import { handleInboundSms } from './inbound-sms.service';
import { twiml } from './twiml';

export const contactsRest: RestRoutes = (app, deps) => {
  app.post('/notify', async (request) => {
    const input = parseInput(schemas.notifyRestInput, request.body);
    const session = await callerSession(deps, request, input);
    return saveContacts(deps.db, {
      userId: session.user.id,
      email: input.email,
      phone: input.phone,
      notifyVia: input.notify_via,
      sessionId: session.sessionId,
      messenger: messengerFor(deps),
      request: restRequestInfo(deps, request),
    });
  });

  app.post('/add-secondary-contact', async (request) => {
    const { session: _body, ...contact } = parseInput(schemas.secondaryContactRestInput, request.body);
    const session = await callerSession(deps, request, { session: _body });
    return addSecondaryContact(deps.db, {
      userId: session.user.id,
      ...contact,
      sessionId: session.sessionId,
      messenger: messengerFor(deps),
      request: restRequestInfo(deps, request),
    });
  });

  app.get('/verify-email', (request, reply) =>
    linkPage(request, reply, async () => {
      const { token } = parseInput(schemas.linkQuery, request.query);
      await verifyEmailLink(deps.db, { token });
      return '/?verified=email';
    }),
  );

  /** Twilio's inbound-message webhook: form-encoded, signed with X-Twilio-Signature. */
  app.post('/sms/inbound', async (request, reply) => {
    const authToken = deps.env.TWILIO_AUTH_TOKEN;
    if (!authToken) throw new AppError('UNAVAILABLE', 'Inbound SMS needs TWILIO_AUTH_TOKEN.', { reason: 'sms_not_configured' });
    // Twilio signs the URL it was configured with: PUBLIC_URL's origin when set, else what we were called on.
    const url = deps.env.PUBLIC_URL
      ? `${publicUrl(deps)}${request.url}`
      : `${request.protocol}://${request.host}${request.url}`;
    const signature = request.headers['x-twilio-signature'];
    const body = (request.body ?? {}) as WebhookParams;
    if (!isValidTwilioSignature({ authToken, url, body, signature: typeof signature === 'string' ? signature : undefined })) {
      throw new AppError('FORBIDDEN', 'The X-Twilio-Signature header does not match.', { reason: 'invalid_signature' });
    }
    const input = parseInput(schemas.inboundSmsInput, body);
    const message = await handleInboundSms(deps.db, { from: input.From, body: input.Body, supportEmail: supportEmailFor(deps) });
    return reply.type('text/xml; charset=utf-8').send(twiml(message));
  });
};
