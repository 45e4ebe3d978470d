import type { FastifyReply } from 'fastify';
import { isAppError } from '#shared/app-error';
import { escapeHtml } from '#shared/html';

export interface PageLink {
  href: string;
  text: string;
}

/**
 * A small standalone page for people who open a link from an email or a text (a refused sign-in
 * link, unsubscribe). Such URLs carry tokens: never cached, never sent on as a referrer, not indexed.
 * `bodyHtml` is markup the caller built with escapeHtml; title and links are escaped here.
 */
export function sendMessagePage(
  reply: FastifyReply,
  params: { status: number; title: string; heading?: string; bodyHtml: string; links: PageLink[] },
): FastifyReply {
  const links = params.links.map((l) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a>`).join(' · ');
  return reply
    .status(params.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(params.title)}</title><style nonce="${reply.cspNonce?.style ?? ''}">
body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937;line-height:1.5}
h1{font-size:1.4rem}
button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#1d4ed8;color:#fff;cursor:pointer}
a{color:#1d4ed8}</style></head><body><h1>${escapeHtml(params.heading ?? params.title)}</h1>${params.bodyHtml}<p>${links}</p></body></html>`);
}

/**
 * A refused link (an AppError below 500) as a message page with the error's status and message;
 * anything else is rethrown for the error handler.
 */
export function sendErrorPage(
  reply: FastifyReply,
  error: unknown,
  params: { title: string; heading?: string; links: PageLink[] },
): FastifyReply {
  if (!isAppError(error) || error.status >= 500) throw error;
  return sendMessagePage(reply, { ...params, status: error.status, bodyHtml: `<p>${escapeHtml(error.message)}</p>` });
}
