import { AppError } from '../../core/app-error';
import type { RestRoutes } from '../../transport/rest/plugin';
import { restTable } from '../../transport/rest/plugin';
import * as res from '../../transport/rest/response-schemas';
import type { RestCall } from '../../transport/rest/table';
import { parseInput } from '../../transport/rest/validate';
import * as schemas from '../auth/auth.schemas';
import { publicUrl, supportEmailFor } from '../auth/request-info';
import { linkPage } from '../auth/rest-helpers';
import { isValidTwilioSignature, type WebhookParams } from '../../integrations/sms/twilio-signature';
import { verifyEmailLink } from './contacts.service';
import { handleInboundSms } from './inbound-sms.service';
import { twiml } from './twiml';

const CONTACT_CALLS: RestCall[] = [
  {
    method: 'POST',
    path: '/notify',
    procedure: 'auth.notify',
    tag: 'contacts',
    summary: 'Save the email and/or phone alerts go to (new ones get a verification message) and the channels to use',
    body: schemas.notifyRestInput,
    session: 'required',
    input: ({ body }) => ({ email: body.email, phone: body.phone, notifyVia: body.notify_via }),
    response: res.contactsResult,
    errors: [401, 429],
  },
  {
    method: 'POST',
    path: '/add-secondary-contact',
    procedure: 'auth.addSecondaryContact',
    tag: 'contacts',
    summary: 'Add the other kind of contact (email or phone) and send its verification',
    body: schemas.secondaryContactRestInput,
    session: 'required',
    response: res.contactsResult,
    errors: [401, 429],
  },
];

/** The emailed confirmation link (a page) and Twilio's signed webhook stay hand-written. */
const handWritten: RestRoutes = (app, deps) => {
  app.get(
    '/verify-email',
    {
      config: {
        openapi: {
          summary: 'The emailed confirmation link: verifies the address and redirects to /?verified=email',
          tag: 'contacts',
          query: schemas.linkQuery,
          responses: { 302: { description: 'Verified: redirect to /?verified=email' } },
          errors: [404],
        },
      },
    },
    (request, reply) =>
      linkPage(request, reply, async () => {
        const { token } = parseInput(schemas.linkQuery, request.query);
        await verifyEmailLink(deps.db, { token });
        return '/?verified=email';
      }),
  );

  /** Twilio's inbound-message webhook: form-encoded, signed with X-Twilio-Signature. */
  app.post(
    '/sms/inbound',
    {
      config: {
        openapi: {
          summary: "Twilio's inbound-message webhook (STOP, START, HELP, YES replies); answers TwiML",
          tag: 'webhooks',
          auth: 'twilio-signature',
          body: schemas.inboundSmsInput,
          bodyType: 'application/x-www-form-urlencoded',
          responses: { 200: { description: 'TwiML reply', contentType: 'text/xml' } },
          errors: [403, 503],
        },
      },
    },
    async (request, reply) => {
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
    },
  );
};

export const contactsRest = restTable(CONTACT_CALLS, handWritten);
