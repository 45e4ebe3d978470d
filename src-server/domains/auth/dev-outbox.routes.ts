import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '#shared/input';
import { AppError } from '#shared/app-error';
import { escapeHtml } from '#shared/html';
import type { AppDeps } from '../../deps';
import { devPageGuard } from '../../transport/web/dev-page-guard';
import { supportEmailFor } from './request-info';
import { listDevOutbox, replyAsPhone, type OutboxRow } from './dev-outbox.service';

const replyInput = z.object({ From: text().min(1).max(32), Body: text().min(1).max(1600) });

function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function page(rows: OutboxRow[], styleNonce: string): string {
  const phones = [...new Set(rows.filter((r) => r.channel === 'sms' && r.to.startsWith('+')).map((r) => r.to))];
  const items = rows
    .map(
      (r) => `<article><header><strong>${r.channel === 'email' ? 'Email' : 'SMS'}</strong> to ${escapeHtml(r.to)}
<time>${r.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</time></header>
${r.subject ? `<h2>${escapeHtml(r.subject)}</h2>` : ''}<pre>${linkify(r.body)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Development outbox</title><style nonce="${styleNonce}">
body{font-family:system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #d1d5db;border-radius:8px;padding:.75rem 1rem;margin:.75rem 0}
header{display:flex;gap:.75rem;align-items:baseline;flex-wrap:wrap} time{color:#6b7280;font-size:.85rem}
h2{font-size:1rem;margin:.5rem 0} pre{white-space:pre-wrap;font:inherit;margin:.25rem 0}
form{display:flex;gap:.5rem;flex-wrap:wrap;align-items:end;background:#f3f4f6;padding:.75rem;border-radius:8px}
label{display:flex;flex-direction:column;font-size:.85rem}</style></head><body>
<h1>Development outbox</h1>
<p>Emails and texts the app sent without SMTP_URL / Twilio settings, newest first. Not served in production.
<a href="/dev/outbox">Refresh</a> · <a href="/dev/outbox?format=json">JSON</a></p>
<form method="post" action="/dev/outbox/reply"><label>Reply from
<input name="From" list="phones" required placeholder="+12025550143" value="${escapeHtml(phones[0] ?? '')}"></label>
<datalist id="phones">${phones.map((p) => `<option value="${escapeHtml(p)}">`).join('')}</datalist>
<label>Text<input name="Body" required value="YES"></label><button>Send reply as that phone</button></form>
${items || '<p>Nothing sent yet.</p>'}
</body></html>`;
}

/** /dev/outbox: the development outbox as a page and JSON, plus replying to a text. Never in production. */
export async function devOutboxRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  // The page holds every sign-in link and code, and HOST defaults to 0.0.0.0.
  app.addHook('onRequest', devPageGuard(deps));
  app.get('/dev/outbox', async (request, reply) => {
    const rows = await listDevOutbox(deps.db, { limit: 100 });
    const query = request.query as { format?: string };
    if (query.format === 'json' || (request.headers.accept ?? '').startsWith('application/json')) {
      return reply.send({ messages: rows });
    }
    return reply.type('text/html; charset=utf-8').send(page(rows, reply.cspNonce?.style ?? ''));
  });

  app.post('/dev/outbox/reply', async (request, reply) => {
    const parsed = replyInput.safeParse(request.body ?? {});
    if (!parsed.success) throw new AppError('BAD_REQUEST', 'Send From (a phone number) and Body.');
    await replyAsPhone(deps.db, {
      from: parsed.data.From,
      body: parsed.data.Body,
      supportEmail: supportEmailFor(deps),
    });
    return reply.redirect('/dev/outbox', 303);
  });
}
