import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { sendErrorPage } from '../../transport/web/message-page';
import type { RequestInfo } from './login.service';
import { resolveSession } from './session.service';

/** What a REST request tells the services about its origin. */
export function restRequestInfo(_deps: AppDeps, request: FastifyRequest): RequestInfo {
  return request.caller.request;
}

/** Session ids behind the presented tokens (merge sources of a sign-in); dead ones are skipped. */
export async function liveSessionIds(deps: AppDeps, tokens: (string | null | undefined)[]): Promise<string[]> {
  const ids: string[] = [];
  for (const token of new Set(tokens.filter((t): t is string => Boolean(t)))) {
    const session = await resolveSession(deps.db, { token });
    if (session) ids.push(session.sessionId);
  }
  return ids;
}

/**
 * Emailed links are opened by people (and by mail scanners): the GET never acts. A browser is
 * sent to the app's confirm page with the token in the fragment (never sent to a server, never in
 * a Referer); an API client gets the preview as JSON. A refused link answers with a short page.
 */
export async function linkPage(
  request: FastifyRequest,
  reply: FastifyReply,
  action: () => Promise<{ preview: { purpose: string; account: string }; page: string }>,
): Promise<FastifyReply> {
  const html = (request.headers.accept ?? '').includes('text/html');
  try {
    const { preview, page } = await action();
    if (!html)
      return reply.send({
        ...preview,
        confirm: `POST ${request.url.split('?')[0]} with {"token": "<the link's token>"}`,
      });
    return reply.header('referrer-policy', 'no-referrer').header('cache-control', 'no-store').redirect(page, 303);
  } catch (error) {
    // API clients get the error handler's JSON.
    if (!html) throw error;
    return sendErrorPage(reply, error, {
      title: 'Link problem',
      heading: 'That link did not work',
      links: [
        { href: '/login', text: 'Sign in again' },
        { href: '/', text: 'Go to the homepage' },
      ],
    });
  }
}
