import { z } from 'zod';
import type { RestRoutes } from '../../transport/rest/plugin';
import { restTable } from '../../transport/rest/plugin';
import * as res from '../../transport/rest/response-schemas';
import type { RestCall } from '../../transport/rest/table';
import { parseInput } from '../../transport/rest/validate';
import * as schemas from './auth.schemas';
import { previewEmailLink } from './login.service';
import { twilioWebhook } from '../../transport/webhooks/twilio';
import { linkPage } from './rest-helpers';

const CONTACT_CALLS: RestCall[] = [
  {
    method: 'POST',
    path: '/notify',
    procedure: 'auth.notify',
    tag: 'contacts',
    summary: 'Save the email and/or phone alerts go to (new ones get a verification message) and the channels to use',
    body: schemas.notifyRestInput,
    session: 'required',
    input: ({ body }) => ({
      email: body.email,
      phone: body.phone,
      notifyVia: body.notify_via,
      approvalCode: body.approval_code,
    }),
    response: res.contactsResult,
    errors: [400, 401, 403, 429],
  },
  {
    method: 'POST',
    path: '/add-secondary-contact',
    procedure: 'auth.addSecondaryContact',
    tag: 'contacts',
    summary: 'Add the other kind of contact (email or phone) and send its verification',
    body: schemas.secondaryContactRestInput,
    session: 'required',
    input: ({ body }) => ({ email: body.email, phone: body.phone, approvalCode: body.approval_code }),
    response: res.contactsResult,
    errors: [400, 401, 403, 429],
  },
  {
    method: 'POST',
    path: '/verify-email',
    procedure: 'auth.verifyEmail',
    tag: 'contacts',
    summary:
      "The confirm page's click: verifies the address, ends the account's other sessions and returns a fresh one",
    body: schemas.verifyLinkInput,
    response: z.object({ session: z.string(), user: res.userDto }),
    errors: [400, 403],
  },
];

/** The emailed confirmation link (a page) and Twilio's signed webhook stay hand-written. */
const handWritten: RestRoutes = async (app, deps) => {
  app.get(
    '/verify-email',
    {
      config: {
        openapi: {
          summary:
            'The emailed confirmation link: shows which address it confirms (a browser is sent to the confirm page); never acts',
          tag: 'contacts',
          query: schemas.linkQuery,
          responses: {
            200: { description: 'The masked address and how to confirm' },
            303: { description: 'Browser: to /verify-email#token=…' },
          },
          errors: [400],
        },
      },
    },
    (request, reply) =>
      linkPage(request, reply, async () => {
        const { token } = parseInput(schemas.linkQuery, request.query);
        return {
          preview: await previewEmailLink(deps.db, { token, purpose: 'verify_email' }),
          page: `/verify-email#token=${token}`,
        };
      }),
  );
  // Twilio's inbound-message webhook: its own scope, the one /api route that takes a form body.
  await app.register(twilioWebhook, { deps });
};

export const contactsRest = restTable(CONTACT_CALLS, handWritten);
