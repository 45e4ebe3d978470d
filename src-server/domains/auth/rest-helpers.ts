import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { requestBrand } from '../../transport/rest/brand';
import { sendErrorPage } from '../../transport/web/message-page';
import type { RequestInfo } from './login.service';
import { requestInfo } from './request-info';
import { resolveSession } from './session.service';

/** What a REST request tells the services about its origin. */
export function restRequestInfo(deps: AppDeps, request: FastifyRequest): RequestInfo {
  return requestInfo(deps, {
    brand: requestBrand(deps, request),
    host: request.headers.host,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
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
 * Emailed links are opened by people: a refused link answers with a short page (JSON for API
 * clients) and a way back, instead of a bare error body.
 */
export async function linkPage(
  request: FastifyRequest,
  reply: FastifyReply,
  action: () => Promise<string>,
): Promise<FastifyReply> {
  try {
    return reply.redirect(await action(), 302);
  } catch (error) {
    // API clients get the error handler's JSON.
    if (!(request.headers.accept ?? '').includes('text/html')) throw error;
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
