/**
 * The test checkout (no STRIPE_SECRET_KEY, not production): the pages Stripe would host, served
 * by the app for the local Stripe — Checkout (plan, price, "Pay $20.00", Cancel), the Customer
 * Portal (cancel at period end, resume, card, invoices) and a hosted invoice (confirm a payment).
 * Paying here makes the local Stripe create the subscription and POST signed events to
 * /api/webhooks/stripe, so the app's real billing path runs offline. Callers on this machine only.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '#shared/html';
import type { AppDeps } from '../../deps';
import type { CardBehaviour, StripeObject } from '../../integrations/stripe/local/local-stripe';
import type { LocalStripeControl } from '../../integrations/stripe/local/open-local-stripe';
import { billingModeOf } from '../../integrations/stripe/stripe-access';
import { devPageGuard } from '../../transport/web/dev-page-guard';
import { STRIPE_WEBHOOK_PATH } from '../../transport/webhooks/stripe';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (seconds: unknown) =>
  typeof seconds === 'number'
    ? new Date(seconds * 1000).toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : '—';

const CARD_CHOICES: { value: CardBehaviour; label: string; number: string }[] = [
  { value: 'ok', label: 'Visa that pays', number: '4242 4242 4242 4242' },
  { value: 'authentication', label: 'Visa that asks for authentication (3-D Secure)', number: '4000 0025 0000 3155' },
  { value: 'declined', label: 'Visa that is declined', number: '4000 0000 0000 0002' },
];

const cardInput = z.object({ card: z.enum(['ok', 'declined', 'authentication']) });

/**
 * A whole page; its style sheet carries the response's CSP nonce (style-src allows no other inline
 * <style>), so html() fills it in when it sends the page.
 */
function page(title: string, body: string): (styleNonce: string) => string {
  return (
    styleNonce,
  ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style nonce="${escapeHtml(styleNonce)}">
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,sans-serif;color:#1a1f36;background:#f6f9fc}
.wrap{max-width:60rem;margin:0 auto;padding:2rem 1rem;display:grid;gap:2rem;grid-template-columns:repeat(auto-fit,minmax(18rem,1fr))}
.banner{background:#fff4e5;color:#7a4100;text-align:center;padding:.5rem 1rem;font-size:.85rem;border-bottom:1px solid #f5d9a8}
h1{font-size:1.4rem;margin:.25rem 0 1rem}h2{font-size:1.05rem;margin:0 0 .75rem}.muted{color:#697386;font-size:.9rem}
.panel{background:#fff;border-radius:10px;box-shadow:0 2px 5px rgba(50,50,93,.1),0 1px 2px rgba(0,0,0,.07);padding:1.5rem}
.line{display:flex;justify-content:space-between;gap:1rem;padding:.5rem 0;border-bottom:1px solid #e3e8ee}.total{font-weight:700;border:0}
.amount{font-size:2rem;font-weight:700;margin:.25rem 0}label.card{display:flex;gap:.6rem;align-items:flex-start;border:1px solid #e3e8ee;border-radius:8px;padding:.6rem .75rem;margin:.5rem 0;cursor:pointer}
label.card small{display:block;color:#697386;font-family:ui-monospace,monospace}
button{font:inherit;border:0;border-radius:8px;padding:.75rem 1rem;cursor:pointer;background:#635bff;color:#fff;font-weight:600;width:100%;margin-top:.75rem}
button.secondary{background:#fff;color:#1a1f36;border:1px solid #d0d5dd;width:auto}button.danger{background:#fff;color:#b42318;border:1px solid #fda29b;width:auto}
.error{background:#fef3f2;color:#b42318;border-radius:8px;padding:.6rem .75rem;margin:.5rem 0}.ok{background:#ecfdf3;color:#027a48;border-radius:8px;padding:.6rem .75rem;margin:.5rem 0}
a{color:#635bff}.row{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center}form.inline{display:inline}
table{width:100%;border-collapse:collapse;font-size:.9rem}td,th{text-align:left;padding:.4rem .25rem;border-bottom:1px solid #e3e8ee}
</style></head><body><div class="banner" role="note">Test checkout: a local stand-in for Stripe. No card is charged and nothing leaves this machine.</div>${body}</body></html>`;
}

function cardChoices(selected: CardBehaviour = 'ok'): string {
  return `<fieldset style="border:0;padding:0;margin:0"><legend class="muted">Card</legend>${CARD_CHOICES.map(
    (c) =>
      `<label class="card"><input type="radio" name="card" value="${c.value}"${c.value === selected ? ' checked' : ''}><span>${escapeHtml(c.label)}<small>${c.number}</small></span></label>`,
  ).join('')}</fieldset>`;
}

function checkoutPage(
  view: Awaited<ReturnType<LocalStripeControl['checkout']>>,
  error: string | null,
): (styleNonce: string) => string {
  const s = view.session;
  const total = view.lines.reduce((sum, l) => sum + l.quantity * l.unitAmount, 0);
  const lines = view.lines
    .map(
      (l) =>
        `<div class="line"><span>${escapeHtml(l.description)}${l.quantity > 1 ? ` × ${l.quantity}` : ''}<br><span class="muted">Billed monthly</span></span><span>${money(l.quantity * l.unitAmount)}</span></div>`,
    )
    .join('');
  const open = s.status === 'open';
  return page(
    'Checkout',
    `<main class="wrap"><section class="panel" aria-labelledby="plan"><p class="muted">Subscribe to</p><h1 id="plan">${escapeHtml(view.lines[0]?.description ?? 'PRO')}</h1>
<p class="amount">${money(total)} <span class="muted">per month</span></p>${lines}<div class="line total"><span>Total due today</span><span>${money(total)}</span></div>
${s.cancel_url ? `<p><a href="${escapeHtml(String(s.cancel_url))}">← Cancel and go back</a></p>` : ''}</section>
<section class="panel" aria-labelledby="pay"><h2 id="pay">Pay with card</h2>${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${
  open
    ? `<form method="post" action="/dev/checkout/${escapeHtml(s.id)}/pay">${cardChoices()}<button type="submit">Pay ${money(total)}</button></form>
<p class="muted">By paying you start a monthly subscription; cancel any time in Settings.</p>`
    : `<p>This checkout is ${escapeHtml(String(s.status))}.</p>`
}
${s.cancel_url ? `<p><a href="${escapeHtml(String(s.cancel_url))}">Cancel</a></p>` : ''}</section></main>`,
  );
}

function portalPage(
  view: Awaited<ReturnType<LocalStripeControl['portal']>>,
  id: string,
  notice: string | null,
): (styleNonce: string) => string {
  const sub =
    view.subscriptions.find((s) => !['canceled', 'incomplete_expired'].includes(String(s.status))) ??
    view.subscriptions[0];
  const items = (sub?.items as { data: StripeObject[] } | undefined)?.data ?? [];
  const periodEnd = items.length ? Math.max(...items.map((i) => i.current_period_end as number)) : null;
  const lines = items
    .map((i) => {
      const price = i.price as StripeObject;
      return `<div class="line"><span>${escapeHtml(String(price.nickname))} × ${i.quantity as number}</span><span>${money((price.unit_amount as number) * (i.quantity as number))}/month</span></div>`;
    })
    .join('');
  const action = (path: string, fields: Record<string, string>, label: string, cls = 'secondary') =>
    `<form class="inline" method="post" action="/dev/checkout/portal/${escapeHtml(id)}/${path}">${Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
      .join('')}<button class="${cls}" type="submit">${escapeHtml(label)}</button></form>`;
  const invoices = view.invoices
    .map(
      (i) =>
        `<tr><td>${day(i.created)}</td><td>${money(i.total as number)}</td><td>${escapeHtml(String(i.status))}</td><td>${i.hosted_invoice_url ? `<a href="${escapeHtml(String(i.hosted_invoice_url))}">View</a>` : ''}</td></tr>`,
    )
    .join('');
  const subBlock = sub
    ? `<p>Status: <strong>${escapeHtml(String(sub.status))}</strong>${sub.cancel_at ? ` — ends ${day(sub.cancel_at)}` : periodEnd ? ` — renews ${day(periodEnd)}` : ''}</p>${lines}
<div class="row" style="margin-top:1rem">${
        ['canceled', 'incomplete_expired'].includes(String(sub.status))
          ? ''
          : sub.cancel_at_period_end
            ? action('cancel', { subscription: sub.id, value: 'false' }, 'Renew plan')
            : action('cancel', { subscription: sub.id, value: 'true' }, 'Cancel plan', 'danger')
      }${['canceled', 'incomplete_expired'].includes(String(sub.status)) ? '' : action('advance', { subscription: sub.id }, 'Test: jump to the end of this period')}</div>`
    : '<p>No subscription.</p>';
  const back = view.session.return_url
    ? `<p><a href="${escapeHtml(String(view.session.return_url))}">← Return to the app</a></p>`
    : '';
  return page(
    'Billing',
    `<main class="wrap"><section class="panel" aria-labelledby="sub"><h1 id="sub">Current plan</h1>${notice ? `<p class="ok" role="status">${escapeHtml(notice)}</p>` : ''}${subBlock}${back}</section>
<section class="panel" aria-labelledby="pm"><h2 id="pm">Payment method</h2><p>Now: <strong>${escapeHtml(CARD_CHOICES.find((c) => c.value === view.card)?.label ?? 'none')}</strong></p>
<form method="post" action="/dev/checkout/portal/${escapeHtml(id)}/card">${cardChoices(view.card ?? 'ok')}<button type="submit">Update payment method</button></form>
<h2 style="margin-top:1.5rem">Invoices</h2><table><thead><tr><th>Date</th><th>Amount</th><th>Status</th><th></th></tr></thead><tbody>${invoices || '<tr><td colspan="4">None yet</td></tr>'}</tbody></table></section></main>`,
  );
}

function invoicePage(
  view: Awaited<ReturnType<LocalStripeControl['invoice']>>,
  notice: string | null,
): (styleNonce: string) => string {
  const i = view.invoice;
  const open = i.status === 'open';
  return page(
    'Invoice',
    `<main class="wrap"><section class="panel" aria-labelledby="inv"><p class="muted">Invoice ${escapeHtml(String(i.number ?? i.id))}</p><h1 id="inv">${money(i.amount_due as number)}</h1>
<p>Status: <strong>${escapeHtml(String(i.status))}</strong></p>${notice ? `<p class="${open ? 'error' : 'ok'}" role="status">${escapeHtml(notice)}</p>` : ''}
${(i.lines as { data: StripeObject[] }).data.map((l) => `<div class="line"><span>${escapeHtml(String(l.description))}</span><span>${money(l.amount as number)}</span></div>`).join('')}</section>
<section class="panel" aria-labelledby="pay"><h2 id="pay">${open ? 'Confirm and pay' : 'Nothing to pay'}</h2>
${open ? `<form method="post" action="/dev/checkout/invoice/${escapeHtml(i.id)}/pay">${cardChoices()}<button type="submit">Pay ${money(i.amount_due as number)}</button></form>` : '<p>This invoice is settled. You can close this page.</p>'}</section></main>`,
  );
}

const html = (reply: FastifyReply, body: (styleNonce: string) => string, status = 200) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body(reply.cspNonce?.style ?? ''));

/** Tells the local Stripe where this app's webhook endpoint listens (called once the server listens). */
export async function connectLocalStripe(app: FastifyInstance, deps: AppDeps): Promise<void> {
  if (billingModeOf(deps.env) !== 'local') return;
  const access = await deps.stripe.get();
  const address = app.server.address();
  if (!access?.local || !address || typeof address !== 'object') return;
  const host =
    ['0.0.0.0', '::', '::1', '127.0.0.1'].includes(address.address) || address.address.startsWith('::ffff:127.')
      ? '127.0.0.1'
      : address.address;
  const shown = host.includes(':') ? `[${host}]` : host;
  await access.local.control.setWebhookEndpoint(`http://${shown}:${address.port}${STRIPE_WEBHOOK_PATH}`);
  deps.logger?.info(
    'billing: no STRIPE_SECRET_KEY, so checkout is the local test checkout (/dev/checkout); nothing is charged',
  );
}

export async function devCheckoutRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  if (billingModeOf(deps.env) !== 'local') return;
  await app.register(formbody, { bodyLimit: 8 * 1024 });
  app.addHook('onRequest', devPageGuard(deps));
  const control = async () => {
    const access = await deps.stripe.get();
    if (!access?.local) throw new Error('the local Stripe is not running');
    return access.local.control;
  };
  const idOf = (params: unknown) => String((params as { id: string }).id);
  const missing = (reply: FastifyReply, what: string) =>
    html(
      reply,
      page(
        'Not found',
        `<main class="wrap"><section class="panel"><h1>No such ${escapeHtml(what)}</h1><p><a href="/">Back to the app</a></p></section></main>`,
      ),
      404,
    );

  app.get('/dev/checkout/:id', async (request, reply) => {
    const view = await (await control()).checkout(idOf(request.params)).catch(() => null);
    return view ? html(reply, checkoutPage(view, null)) : missing(reply, 'checkout');
  });
  app.post('/dev/checkout/:id/pay', async (request, reply) => {
    const { card } = cardInput.parse(request.body ?? {});
    const c = await control();
    const id = idOf(request.params);
    const result = await c
      .completeCheckout(id, card)
      .catch((err: Error) => ({ outcome: 'error' as const, redirect: null, message: err.message }));
    if (result.redirect) return reply.redirect(result.redirect, 303);
    const view = await c.checkout(id).catch(() => null);
    if (!view) return missing(reply, 'checkout');
    const message =
      result.outcome === 'declined'
        ? 'Your card was declined. Try another card.'
        : 'message' in result
          ? result.message
          : 'Payment failed.';
    return html(reply, checkoutPage(view, message), 402);
  });

  app.get('/dev/checkout/portal/:id', async (request, reply) => {
    const id = idOf(request.params);
    const view = await (await control()).portal(id).catch(() => null);
    const notice = (request.query as { done?: string }).done ?? null;
    return view ? html(reply, portalPage(view, id, notice)) : missing(reply, 'billing session');
  });
  app.post('/dev/checkout/portal/:id/cancel', async (request, reply) => {
    const body = z
      .object({ subscription: z.string().min(1), value: z.enum(['true', 'false']) })
      .parse(request.body ?? {});
    await (await control()).setCancelAtPeriodEnd(body.subscription, body.value === 'true');
    const done =
      body.value === 'true' ? 'Your plan is canceled and ends at the end of the period.' : 'Your plan renews again.';
    return reply.redirect(
      `/dev/checkout/portal/${encodeURIComponent(idOf(request.params))}?done=${encodeURIComponent(done)}`,
      303,
    );
  });
  app.post('/dev/checkout/portal/:id/card', async (request, reply) => {
    const { card } = cardInput.parse(request.body ?? {});
    const c = await control();
    const id = idOf(request.params);
    const view = await c.portal(id);
    await c.setCard(String(view.session.customer), card);
    return reply.redirect(
      `/dev/checkout/portal/${encodeURIComponent(id)}?done=${encodeURIComponent('Payment method updated.')}`,
      303,
    );
  });
  app.post('/dev/checkout/portal/:id/advance', async (request, reply) => {
    const body = z.object({ subscription: z.string().min(1) }).parse(request.body ?? {});
    await (await control()).advanceToPeriodEnd(body.subscription);
    return reply.redirect(
      `/dev/checkout/portal/${encodeURIComponent(idOf(request.params))}?done=${encodeURIComponent('The test clock moved to the end of the period.')}`,
      303,
    );
  });

  app.get('/dev/checkout/invoice/:id', async (request, reply) => {
    const view = await (await control()).invoice(idOf(request.params)).catch(() => null);
    return view
      ? html(reply, invoicePage(view, (request.query as { done?: string }).done ?? null))
      : missing(reply, 'invoice');
  });
  app.post('/dev/checkout/invoice/:id/pay', async (request, reply) => {
    const { card } = cardInput.parse(request.body ?? {});
    const id = idOf(request.params);
    const outcome = await (await control()).payInvoice(id, card).catch((err: Error) => ({ result: err.message }));
    const done =
      outcome.result === 'paid'
        ? 'Paid. You can return to the app.'
        : outcome.result === 'failed'
          ? 'The card was declined.'
          : outcome.result === 'action_required'
            ? 'The bank still asks for authentication.'
            : outcome.result;
    return reply.redirect(`/dev/checkout/invoice/${encodeURIComponent(id)}?done=${encodeURIComponent(done)}`, 303);
  });
}
