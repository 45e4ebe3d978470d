/**
 * LocalStripe over HTTP on loopback, in Stripe's wire format: form-encoded requests with a bearer
 * secret key, JSON answers, `{ error: { type, code, message } }` failures, Idempotency-Key
 * replays, `expand[]` of latest_invoice, and webhook events POSTed to the app's endpoint signed
 * with `stripe.webhooks.generateTestHeaderString` (delivery retried like Stripe, recorded for
 * `GET /v1/events?delivery_success=false`). Control routes under `/_local/` drive what a person
 * does on Stripe's hosted pages (pay a checkout, use the portal, pay an invoice) and move the
 * account's clock.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { field, parseStripeForm, type FormValue } from './form-body';
import {
  LocalStripe,
  StripeApiError,
  subscriptionOfInvoice,
  type CardBehaviour,
  type EventRecord,
  type LocalPrice,
  type LocalStripeState,
  type StripeObject,
} from './local-stripe';

export interface LocalStripeServerOptions {
  apiKey: string;
  webhookSecret: string;
  prices: { pro: LocalPrice; addon: LocalPrice };
  state?: LocalStripeState;
  /** Persistence hook, called after changes (debounce there if needed). */
  onChange?: (server: LocalStripeServer) => void;
  webhookUrl?: string | null;
  /** Deliver events as they happen (default); tests may hold them and deliver by hand. */
  autoDeliver?: boolean;
  /** Waits between delivery attempts of one event (Stripe retries for days; locally a few times). */
  retryDelaysMs?: number[];
  log?: (message: string, err?: unknown) => void;
}

export interface DeliveryResult {
  status: number;
  text: string;
}

const CARDS: CardBehaviour[] = ['ok', 'declined', 'authentication'];

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export class LocalStripeServer {
  readonly stripe: LocalStripe;
  url = '';
  webhookUrl: string | null;
  autoDeliver: boolean;
  /** Events created while autoDeliver is off, oldest first. */
  readonly held: StripeObject[] = [];
  private server: Server | null = null;
  private readonly idempotent = new Map<string, { status: number; body: string }>();
  private queue: StripeObject[] = [];
  private pumping: Promise<void> | null = null;
  private tickTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly options: LocalStripeServerOptions) {
    this.webhookUrl = options.webhookUrl ?? null;
    this.autoDeliver = options.autoDeliver ?? true;
    this.stripe = new LocalStripe({
      prices: options.prices,
      state: options.state,
      onEvent: (record) => this.onEvent(record),
      onChange: () => options.onChange?.(this),
    });
  }

  get apiKey(): string {
    return this.options.apiKey;
  }

  get webhookSecret(): string {
    return this.options.webhookSecret;
  }

  async start(port = 0): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    // Renewals and expiries fall due while nobody asks: look once a minute.
    this.tickTimer = setInterval(() => this.safeTick(), 60_000);
    this.tickTimer.unref();
    return this.url;
  }

  async stop(): Promise<void> {
    // Undelivered events stay recorded (GET /v1/events?delivery_success=false) for reconciliation.
    this.stopped = true;
    this.queue = [];
    if (this.tickTimer) clearInterval(this.tickTimer);
    const server = this.server;
    this.server = null;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  private safeTick(): void {
    try {
      this.stripe.tick();
    } catch (err) {
      this.options.log?.('local Stripe: a scheduled transition failed', err);
    }
  }

  // ---- webhook delivery -------------------------------------------------------------------

  private onEvent(record: EventRecord): void {
    if (!this.autoDeliver) {
      this.held.push(record.event);
      return;
    }
    this.queue.push(record.event);
    this.pumping ??= this.pump().finally(() => (this.pumping = null));
  }

  /** Resolves when every queued event has been delivered (or given up on). */
  async idle(): Promise<void> {
    while (this.pumping !== null) await this.pumping;
  }

  private async pump(): Promise<void> {
    while (this.queue.length > 0) {
      const event = this.queue.shift()!;
      const delays = this.options.retryDelaysMs ?? [1_000, 5_000, 30_000];
      for (let attempt = 0; attempt <= delays.length; attempt++) {
        if (!this.webhookUrl || this.stopped) break;
        const result = await this.deliver(event).catch((err: unknown) => ({ status: 0, text: String(err) }));
        if (result.status >= 200 && result.status < 300) break;
        this.options.log?.(
          `local Stripe: webhook ${event.type as string} ${event.id} answered ${result.status}; retrying`,
        );
        if (attempt < delays.length) await sleep(delays[attempt]!);
      }
    }
  }

  /** The body Stripe would send for an event (pretty-printed JSON, as Stripe sends it). */
  payloadOf(event: StripeObject): string {
    return JSON.stringify(event, null, 2);
  }

  /** The Stripe-Signature header for a body; tests pass a timestamp or another secret. */
  signatureFor(payload: string, options: { timestamp?: number; secret?: string } = {}): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.options.webhookSecret,
      ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    });
  }

  /**
   * POSTs one event to the webhook endpoint as Stripe does (signed now, with the endpoint's
   * secret unless told otherwise) and records whether it was accepted.
   */
  async deliver(
    event: StripeObject,
    options: { timestamp?: number; secret?: string; body?: string; signature?: string | null; url?: string } = {},
  ): Promise<DeliveryResult> {
    const url = options.url ?? this.webhookUrl;
    if (!url) throw new Error('local Stripe: no webhook endpoint set');
    const body = options.body ?? this.payloadOf(event);
    const signature = options.signature === undefined ? this.signatureFor(body, options) : options.signature;
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      body,
    });
    const text = await response.text();
    this.stripe.markDelivered(event.id, response.ok);
    return { status: response.status, text };
  }

  // ---- HTTP -------------------------------------------------------------------------------

  private send(response: ServerResponse, status: number, body: unknown, requestId: string): void {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': requestId, 'stripe-version': '' });
    response.end(text);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestId = this.stripe.newId('req');
    try {
      if (request.headers.authorization !== `Bearer ${this.options.apiKey}`) {
        throw new StripeApiError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
      }
      const url = new URL(request.url ?? '/', 'http://local');
      const raw = await readBody(request);
      const params =
        request.method === 'GET' || request.method === 'DELETE'
          ? parseStripeForm(url.search.slice(1))
          : parseStripeForm(raw);
      const key = request.method === 'POST' ? (request.headers['idempotency-key'] as string | undefined) : undefined;
      const replay = key ? this.idempotent.get(key) : undefined;
      if (replay) {
        response.setHeader('idempotent-replayed', 'true');
        return this.send(response, replay.status, replay.body, requestId);
      }
      this.stripe.tick();
      const result = this.route(request.method ?? 'GET', url.pathname, params);
      const body = JSON.stringify(result);
      if (key) this.idempotent.set(key, { status: 200, body });
      this.send(response, 200, body, requestId);
    } catch (error) {
      if (error instanceof StripeApiError) {
        this.send(response, error.status, { error: { ...error.body, request_log_url: null } }, requestId);
        return;
      }
      this.options.log?.('local Stripe: request failed', error);
      this.send(response, 500, { error: { type: 'api_error', message: 'An unknown error occurred.' } }, requestId);
    }
  }

  private expand(object: StripeObject, params: Record<string, FormValue>, prefix = ''): StripeObject {
    const wanted = field.strings(params.expand);
    if (!wanted.includes(`${prefix}latest_invoice`) || typeof object.latest_invoice !== 'string') return object;
    return { ...object, latest_invoice: this.stripe.invoice(object.latest_invoice) };
  }

  private list(data: StripeObject[], url: string) {
    return { object: 'list', data, has_more: false, url };
  }

  private route(method: string, path: string, p: Record<string, FormValue>): unknown {
    const s = this.stripe;
    let m: RegExpMatchArray | null;
    const seg = (pattern: string) => (m = path.match(new RegExp(`^${pattern}$`)));

    if (method === 'POST' && path === '/v1/customers') {
      return s.createCustomer({
        email: field.str(p.email),
        name: field.str(p.name),
        phone: field.str(p.phone),
        metadata: field.obj(p.metadata),
      });
    }
    if (seg('/v1/customers/([\\w]+)')) {
      if (method === 'GET') return s.customer(m![1]!);
      if (method === 'DELETE') return s.deleteCustomer(m![1]!);
    }
    if (method === 'GET' && path === '/v1/prices') {
      return this.list(
        s.listPrices({ lookupKeys: field.strings(p.lookup_keys), active: field.bool(p.active) }),
        '/v1/prices',
      );
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      return s.render(
        s.createCheckoutSession({
          mode: field.str(p.mode),
          customer: field.str(p.customer),
          client_reference_id: field.str(p.client_reference_id),
          line_items: field
            .list(p.line_items)
            .map((li) => ({ price: field.str(field.obj(li).price), quantity: field.int(field.obj(li).quantity) })),
          success_url: field.str(p.success_url),
          cancel_url: field.str(p.cancel_url),
          metadata: field.obj(p.metadata),
          subscription_data: { metadata: field.obj(field.obj(p.subscription_data).metadata) },
        }),
      );
    }
    if (method === 'GET' && seg('/v1/checkout/sessions/([\\w]+)')) return s.render(s.checkoutSession(m![1]!));
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return s.createPortalSession({
        customer: field.str(p.customer),
        return_url: field.str(p.return_url),
        flow_data: field.obj(p.flow_data),
      });
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const data = s
        .listSubscriptions({ customer: field.str(p.customer), status: field.str(p.status), limit: field.int(p.limit) })
        .map((sub) => this.expand(sub, p, 'data.'));
      return this.list(data, '/v1/subscriptions');
    }
    if (seg('/v1/subscriptions/([\\w]+)')) {
      const id = m![1]!;
      if (method === 'GET') return this.expand(s.subscription(id), p);
      if (method === 'DELETE') return this.expand(s.cancelSubscription(id), p);
      if (method === 'POST') {
        const cancelAt = p.cancel_at === '' ? null : field.int(p.cancel_at);
        return this.expand(
          s.updateSubscription(id, {
            items: itemChanges(p.items),
            cancel_at_period_end: field.bool(p.cancel_at_period_end),
            ...(p.cancel_at !== undefined ? { cancel_at: cancelAt ?? null } : {}),
            proration_behavior: field.str(p.proration_behavior),
            payment_behavior: field.str(p.payment_behavior),
            proration_date: field.int(p.proration_date),
            metadata: p.metadata ? field.obj(p.metadata) : undefined,
          }),
          p,
        );
      }
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      const details = field.obj(p.subscription_details);
      return s.previewInvoice({
        customer: field.str(p.customer),
        subscription: field.str(p.subscription),
        items: itemChanges(details.items),
        proration_behavior: field.str(details.proration_behavior),
        proration_date: field.int(details.proration_date),
      });
    }
    if (method === 'GET' && path === '/v1/invoices') {
      return this.list(
        s.listInvoices({
          customer: field.str(p.customer),
          subscription: field.str(p.subscription),
          limit: field.int(p.limit),
        }),
        '/v1/invoices',
      );
    }
    if (method === 'GET' && seg('/v1/invoices/([\\w]+)')) return s.invoice(m![1]!);
    if (method === 'GET' && path === '/v1/events') {
      const created = field.obj(p.created);
      return this.list(
        s.listEvents({
          deliverySuccess: field.bool(p.delivery_success),
          createdGte: field.int(created.gte) ?? field.int(p.created),
          type: field.str(p.type),
          limit: field.int(p.limit),
        }),
        '/v1/events',
      );
    }
    return this.control(method, path, p);
  }

  /** What a person does on Stripe's hosted pages, and the account clock. */
  private control(method: string, path: string, p: Record<string, FormValue>): unknown {
    const s = this.stripe;
    let m: RegExpMatchArray | null;
    const seg = (pattern: string) => (m = path.match(new RegExp(`^/_local${pattern}$`)));
    const card = (): CardBehaviour => {
      const value = field.str(p.card) as CardBehaviour | undefined;
      if (!value || !CARDS.includes(value))
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          message: 'card must be ok, declined or authentication',
        });
      return value;
    };

    if (method === 'GET' && seg('/ping')) return { ok: true, pid: process.pid };
    if (method === 'POST' && seg('/webhook-endpoint')) {
      this.webhookUrl = field.str(p.url) ?? null;
      return { url: this.webhookUrl };
    }
    if (method === 'GET' && seg('/checkout/([\\w]+)')) {
      return { session: s.render(s.checkoutSession(m![1]!)), lines: s.checkoutLines(m![1]!) };
    }
    if (method === 'POST' && seg('/checkout/([\\w]+)/complete')) return s.completeCheckout(m![1]!, card());
    if (method === 'GET' && seg('/portal/([\\w]+)')) {
      const session = s.portalSession(m![1]!);
      const customer = session.customer as string;
      return {
        session,
        card: s.cardOf(customer),
        subscriptions: s.listSubscriptions({ customer, status: 'all', limit: 5 }),
        invoices: s.listInvoices({ customer, limit: 12 }),
      };
    }
    if (method === 'POST' && seg('/subscriptions/([\\w]+)/cancel-at-period-end')) {
      return s.updateSubscription(m![1]!, { cancel_at_period_end: field.bool(p.value) ?? true });
    }
    if (method === 'POST' && seg('/customers/([\\w]+)/card')) {
      const customer = m![1]!;
      s.setCard(customer, card());
      // A new card settles what is overdue at once, as a customer paying from the portal would.
      for (const sub of s.listSubscriptions({ customer, status: 'past_due' })) {
        const open = s.listInvoices({ subscription: sub.id }).find((i) => i.status === 'open');
        if (open) s.payInvoice(open.id);
      }
      return { card: s.cardOf(customer) };
    }
    if (method === 'GET' && seg('/invoices/([\\w]+)')) {
      const invoice = s.invoice(m![1]!);
      const sub = subscriptionOfInvoice(invoice);
      return { invoice, subscription: sub ? s.subscription(sub) : null };
    }
    if (method === 'POST' && seg('/invoices/([\\w]+)/pay')) {
      return { result: s.payInvoice(m![1]!, field.str(p.card) ? card() : undefined) };
    }
    if (method === 'POST' && seg('/advance')) {
      const subscription = field.str(p.subscription);
      const seconds =
        subscription && field.str(p.to) === 'period_end'
          ? s.secondsToPeriodEnd(subscription)
          : (field.int(p.seconds) ?? 0);
      s.advance(seconds);
      return { now: s.now() };
    }
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }
}

function itemChanges(
  value: FormValue | undefined,
): { id?: string; price?: string; quantity?: number; deleted?: boolean }[] | undefined {
  if (value === undefined) return undefined;
  return field.list(value).map((raw) => {
    const item = field.obj(raw);
    return {
      id: field.str(item.id),
      price: field.str(item.price),
      quantity: field.int(item.quantity),
      deleted: field.bool(item.deleted),
    };
  });
}
