/**
 * Links in alert messages, outside /api because people open them from email and texts:
 * /unsubscribe/<token> (GET: confirm page; POST: unsubscribe, also RFC 8058 one-click from the
 * mail client) and /f/<filing id> (the short link in texts).
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { text } from '#shared/input';
import { escapeHtml } from '#shared/html';
import type { AppDeps } from '../../deps';
import { sendErrorPage, sendMessagePage } from '../../transport/web/message-page';
import { shortLinkTarget } from './short-link.service';
import { describeUnsubscribe, unsubscribe, type UnsubscribeView } from './unsubscribe.service';

const tokenParams = z.object({ token: text() });
const filingParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const CHANNEL_WORDS: Record<UnsubscribeView['channel'], string> = {
  email: 'real-time filing alerts by email',
  sms: 'filing alerts by text message',
  digest: 'the daily filings digest email',
};

const LINKS = [
  { href: '/settings', text: 'Notification settings' },
  { href: '/', text: 'Watchlist' },
];

function page(reply: FastifyReply, status: number, title: string, bodyHtml: string) {
  return sendMessagePage(reply, { status, title, bodyHtml, links: LINKS });
}

function errorPage(reply: FastifyReply, error: unknown) {
  return sendErrorPage(reply, error, { title: 'Link not valid', links: LINKS });
}

export async function alertLinkRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { db } = opts.deps;
  await app.register(formbody, { bodyLimit: 4 * 1024 });

  app.get('/unsubscribe/:token', async (request, reply) => {
    const { token } = tokenParams.parse(request.params);
    try {
      const view = await describeUnsubscribe(db, { token });
      const what = CHANNEL_WORDS[view.channel];
      if (!view.subscribed)
        return page(
          reply,
          200,
          'Already unsubscribed',
          `<p>${escapeHtml(view.contact ?? 'This address')} no longer gets ${what}.</p>`,
        );
      return page(
        reply,
        200,
        'Unsubscribe?',
        `<p>Stop ${what} to ${escapeHtml(view.contact ?? 'this address')}?</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button>Unsubscribe</button></form>`,
      );
    } catch (error) {
      return errorPage(reply, error);
    }
  });

  app.post('/unsubscribe/:token', async (request, reply) => {
    const { token } = tokenParams.parse(request.params);
    try {
      const view = await unsubscribe(db, { token });
      return page(
        reply,
        200,
        'Unsubscribed',
        `<p>${escapeHtml(view.contact ?? 'This address')} will get no more ${CHANNEL_WORDS[view.channel]}.</p>`,
      );
    } catch (error) {
      return errorPage(reply, error);
    }
  });

  app.get('/f/:id', async (request, reply) => {
    const parsed = filingParams.safeParse(request.params);
    try {
      if (!parsed.success) return page(reply, 404, 'Link not valid', '<p>That filing link is not valid.</p>');
      return reply.redirect(await shortLinkTarget(db, { filingId: parsed.data.id }), 302);
    } catch (error) {
      return errorPage(reply, error);
    }
  });
}
