import type { RestRoutes } from '../../transport/rest/plugin';
import { parseInput } from '../../transport/rest/validate';
import * as schemas from '../auth/auth.schemas';
import { previewEmailLink } from '../auth/login.service';
import { messengerFor } from '../auth/request-info';
import { setSessionCookie } from '../../transport/session-cookie';
import { callerSession, linkPage, restRequestInfo } from '../auth/rest-helpers';
import { addSecondaryContact, saveContacts, verifyEmailLink } from './contacts.service';

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
      return { preview: await previewEmailLink(deps.db, { token, purpose: 'verify_email' }), page: `/verify-email#token=${token}` };
    }),
  );

  app.post('/verify-email', async (request, reply) => {
    const { token } = parseInput(schemas.verifyLinkInput, request.body);
    const result = await verifyEmailLink(deps.db, { token, ip: request.ip, userAgent: request.caller.userAgent });
    setSessionCookie(reply, result.token, deps);
    return { session: result.token, user: result.user };
  });
};
