/**
 * A stateful Stripe in Stripe's own wire format, for the offline default (`/dev/checkout`) and
 * for tests: customers, prices by lookup key, Checkout Sessions, subscriptions with items and
 * periods, invoices with prorations and a customer credit balance, pending updates, Customer
 * Portal sessions, renewals, failed payments with retries, and signed webhook events. The app
 * talks to it with the real `stripe` SDK (host/port/protocol), so the code path is the one that
 * runs against api.stripe.com. Its clock can be moved forward (renewals, retries, expiries).
 *
 * Only what this product uses is modelled; shapes follow API version STRIPE_API_VERSION
 * (period dates on subscription items, invoice.parent.subscription_details).
 */
import { randomBytes } from 'node:crypto';
import { STRIPE_API_VERSION } from '../stripe-version';

/** How the customer's card behaves: pays, is declined, or needs the customer to authenticate. */
export type CardBehaviour = 'ok' | 'declined' | 'authentication';

export interface LocalPrice {
  lookupKey: string;
  unitAmount: number;
  productName: string;
}

type Json = Record<string, unknown>;

export interface StripeObject extends Json {
  id: string;
  object: string;
}

export interface EventRecord {
  event: StripeObject;
  delivered: boolean;
  attempts: number;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; message: string; param?: string; decline_code?: string },
  ) {
    super(body.message);
  }
}

const DAY = 24 * 60 * 60;
/** Stripe's windows: an incomplete subscription and a pending update live 23 hours. */
const INCOMPLETE_WINDOW = 23 * 60 * 60;
/** Renewal retries (Smart Retries stand-in): three more tries, then the subscription is canceled. */
const RETRY_DELAYS = [3 * DAY, 5 * DAY, 7 * DAY];

const clone = <T>(value: T): T => structuredClone(value);

function addMonth(seconds: number): number {
  const d = new Date(seconds * 1000);
  const day = d.getUTCDate();
  d.setUTCMonth(d.getUTCMonth() + 1);
  // Jan 31 + 1 month is the last day of February, not March 3rd.
  if (d.getUTCDate() < day) d.setUTCDate(0);
  return Math.floor(d.getTime() / 1000);
}

interface PendingProration {
  amount: number;
  description: string;
  price: string;
  product: string;
  quantity: number;
  subscriptionItem: string;
  period: { start: number; end: number };
}

interface ItemChange {
  id?: string;
  price?: string;
  quantity?: number;
  deleted?: boolean;
}

export interface LocalStripeState {
  offset: number;
  customers: StripeObject[];
  cards: [string, CardBehaviour][];
  pageBases: [string, string][];
  prices: StripeObject[];
  sessions: StripeObject[];
  portalSessions: StripeObject[];
  subscriptions: StripeObject[];
  invoices: StripeObject[];
  prorations: [string, PendingProration[]][];
  events: EventRecord[];
}

export interface LocalStripeOptions {
  prices: { pro: LocalPrice; addon: LocalPrice };
  /** Called for every event created (delivery is the server's business). */
  onEvent?: (record: EventRecord) => void;
  /** Called after every change (persistence). */
  onChange?: () => void;
  state?: LocalStripeState;
}

/** The account's objects and rules; no I/O. */
export class LocalStripe {
  private offset = 0;
  private readonly customers = new Map<string, StripeObject>();
  private readonly cards = new Map<string, CardBehaviour>();
  /** Where a customer's hosted pages (portal, invoices) live: the app origin they came from. */
  private readonly pageBases = new Map<string, string>();
  private readonly prices = new Map<string, StripeObject>();
  private readonly sessions = new Map<string, StripeObject>();
  private readonly portalSessions = new Map<string, StripeObject>();
  private readonly subscriptions = new Map<string, StripeObject>();
  private readonly invoices = new Map<string, StripeObject>();
  private readonly prorations = new Map<string, PendingProration[]>();
  readonly events: EventRecord[] = [];
  defaultPageBase = 'http://127.0.0.1';

  constructor(private readonly options: LocalStripeOptions) {
    if (options.state) this.load(options.state);
    for (const price of [options.prices.pro, options.prices.addon]) {
      if (![...this.prices.values()].some((p) => p.lookup_key === price.lookupKey)) this.addPrice(price);
    }
  }

  /** Seconds since the epoch on this account's clock. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.offset;
  }

  newId(prefix: string): string {
    return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
  }

  // ---- persistence -------------------------------------------------------------------------

  snapshot(): LocalStripeState {
    return clone({
      offset: this.offset,
      customers: [...this.customers.values()],
      cards: [...this.cards],
      pageBases: [...this.pageBases],
      prices: [...this.prices.values()],
      sessions: [...this.sessions.values()],
      portalSessions: [...this.portalSessions.values()],
      subscriptions: [...this.subscriptions.values()],
      invoices: [...this.invoices.values()],
      prorations: [...this.prorations],
      events: this.events.slice(-500),
    });
  }

  private load(state: LocalStripeState): void {
    this.offset = state.offset ?? 0;
    for (const c of state.customers ?? []) this.customers.set(c.id, c);
    for (const [k, v] of state.cards ?? []) this.cards.set(k, v);
    for (const [k, v] of state.pageBases ?? []) this.pageBases.set(k, v);
    for (const p of state.prices ?? []) this.prices.set(p.id, p);
    for (const s of state.sessions ?? []) this.sessions.set(s.id, s);
    for (const s of state.portalSessions ?? []) this.portalSessions.set(s.id, s);
    for (const s of state.subscriptions ?? []) this.subscriptions.set(s.id, s);
    for (const i of state.invoices ?? []) this.invoices.set(i.id, i);
    for (const [k, v] of state.prorations ?? []) this.prorations.set(k, v);
    this.events.push(...(state.events ?? []));
  }

  private changed(): void {
    this.options.onChange?.();
  }

  // ---- events -----------------------------------------------------------------------------

  private emit(type: string, object: StripeObject, previous?: Json): StripeObject {
    const event: StripeObject = {
      id: this.newId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: this.now(),
      data: { object: clone(this.render(object)), ...(previous ? { previous_attributes: clone(previous) } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const record: EventRecord = { event, delivered: false, attempts: 0 };
    this.events.push(record);
    if (this.events.length > 2_000) this.events.splice(0, this.events.length - 2_000);
    this.options.onEvent?.(record);
    return event;
  }

  /** GET /v1/events: the last 30 days, newest first; `delivery_success=false` for the undelivered. */
  listEvents(params: {
    deliverySuccess?: boolean;
    createdGte?: number;
    type?: string;
    limit?: number;
  }): StripeObject[] {
    const since = params.createdGte ?? this.now() - 30 * DAY;
    return this.events
      .filter((r) => (r.event.created as number) >= since)
      .filter((r) => params.deliverySuccess === undefined || r.delivered === params.deliverySuccess)
      .filter((r) => !params.type || r.event.type === params.type)
      .map((r) => r.event)
      .reverse()
      .slice(0, params.limit ?? 10);
  }

  // ---- catalogue --------------------------------------------------------------------------

  private addPrice(price: LocalPrice): void {
    const product = this.newId('prod');
    const id = this.newId('price');
    this.prices.set(id, {
      id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: this.now(),
      currency: 'usd',
      custom_unit_amount: null,
      livemode: false,
      lookup_key: price.lookupKey,
      metadata: {},
      nickname: price.productName,
      product,
      recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'recurring',
      unit_amount: price.unitAmount,
      unit_amount_decimal: String(price.unitAmount),
    });
  }

  listPrices(params: { lookupKeys: string[]; active?: boolean }): StripeObject[] {
    return [...this.prices.values()].filter(
      (p) =>
        (params.lookupKeys.length === 0 || params.lookupKeys.includes(p.lookup_key as string)) &&
        (params.active === undefined || p.active === params.active),
    );
  }

  price(id: string): StripeObject {
    const price = this.prices.get(id);
    if (!price) throw missing('price', id);
    return price;
  }

  // ---- customers --------------------------------------------------------------------------

  createCustomer(params: { email?: string; name?: string; phone?: string; metadata?: Json }): StripeObject {
    const id = this.newId('cus');
    const customer: StripeObject = {
      id,
      object: 'customer',
      balance: 0,
      created: this.now(),
      currency: 'usd',
      default_source: null,
      delinquent: false,
      description: null,
      email: params.email ?? null,
      invoice_prefix: id.slice(4, 12).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: params.metadata ?? {},
      name: params.name ?? null,
      phone: params.phone ?? null,
      preferred_locales: [],
      tax_exempt: 'none',
      test_clock: null,
    };
    this.customers.set(id, customer);
    this.emit('customer.created', customer);
    this.changed();
    return customer;
  }

  customer(id: string): StripeObject {
    const customer = this.customers.get(id);
    if (!customer) throw missing('customer', id);
    return customer;
  }

  deleteCustomer(id: string): StripeObject {
    const customer = this.customer(id);
    for (const sub of this.subscriptions.values()) {
      if (sub.customer === id && !isEnded(sub)) this.endSubscription(sub, 'canceled');
    }
    this.customers.delete(id);
    const deleted = { id, object: 'customer', deleted: true };
    this.emit('customer.deleted', customer);
    this.changed();
    return deleted;
  }

  setCard(customerId: string, card: CardBehaviour): void {
    this.customer(customerId);
    this.cards.set(customerId, card);
    this.changed();
  }

  cardOf(customerId: string): CardBehaviour | null {
    return this.cards.get(customerId) ?? null;
  }

  pageBaseOf(customerId: string): string {
    return this.pageBases.get(customerId) ?? this.defaultPageBase;
  }

  private rememberPageBase(customerId: string, url: string | undefined): void {
    if (!url) return;
    try {
      this.pageBases.set(customerId, new URL(url).origin);
    } catch {
      // not a URL: keep the previous base
    }
  }

  // ---- checkout ---------------------------------------------------------------------------

  createCheckoutSession(params: {
    mode?: string;
    customer?: string;
    client_reference_id?: string;
    line_items: { price?: string; quantity?: number }[];
    success_url?: string;
    cancel_url?: string;
    metadata?: Json;
    subscription_data?: { metadata?: Json };
  }): StripeObject {
    if (params.mode !== 'subscription')
      throw invalid('This account only sells subscriptions: mode must be subscription.', 'mode');
    if (!params.customer) throw invalid('Pass customer: customers are created before checkout here.', 'customer');
    this.customer(params.customer);
    if (!params.success_url) throw invalid('Missing required param: success_url.', 'success_url');
    if (params.line_items.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
    const lines = params.line_items.map((li, i) => {
      if (!li.price) throw invalid(`Missing required param: line_items[${i}][price].`, `line_items[${i}][price]`);
      const price = this.price(li.price);
      const quantity = li.quantity ?? 1;
      if (!Number.isInteger(quantity) || quantity < 1)
        throw invalid('Quantity must be a positive integer.', `line_items[${i}][quantity]`);
      return { price: price.id as string, quantity };
    });
    this.rememberPageBase(params.customer, params.success_url);
    const id = this.newId('cs_test');
    const amount = lines.reduce((sum, l) => sum + l.quantity * (this.price(l.price).unit_amount as number), 0);
    const session: StripeObject = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: this.now(),
      currency: 'usd',
      customer: params.customer,
      expires_at: this.now() + DAY,
      invoice: null,
      livemode: false,
      metadata: params.metadata ?? {},
      mode: 'subscription',
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: params.success_url,
      url: `${this.pageBaseOf(params.customer)}/dev/checkout/${id}`,
      // Not part of the public object unless expanded; kept for the checkout page and completion.
      _line_items: lines,
      _subscription_metadata: params.subscription_data?.metadata ?? {},
    };
    this.sessions.set(id, session);
    this.changed();
    return session;
  }

  checkoutSession(id: string): StripeObject {
    const session = this.sessions.get(id);
    if (!session) throw missing('checkout.session', id);
    if (session.status === 'open' && (session.expires_at as number) <= this.now()) {
      session.status = 'expired';
      session.url = null;
      this.emit('checkout.session.expired', session);
      this.changed();
    }
    return session;
  }

  /** What the checkout page shows. */
  checkoutLines(id: string): { description: string; quantity: number; unitAmount: number }[] {
    const session = this.checkoutSession(id);
    return (session._line_items as { price: string; quantity: number }[]).map((l) => {
      const price = this.price(l.price);
      return { description: price.nickname as string, quantity: l.quantity, unitAmount: price.unit_amount as number };
    });
  }

  /**
   * The customer pays on the checkout page. A declined card leaves the session open (the page
   * shows the decline); a card that needs authentication starts the subscription `incomplete`
   * with an open invoice to confirm within 23 hours; a good card starts it `active`.
   */
  completeCheckout(
    id: string,
    card: CardBehaviour,
  ): { outcome: 'paid' | 'declined' | 'action_required'; redirect: string | null } {
    const session = this.checkoutSession(id);
    if (session.status !== 'open') throw invalid(`This Checkout Session is ${session.status as string}.`, 'session');
    const customerId = session.customer as string;
    if (card === 'declined') return { outcome: 'declined', redirect: null };
    this.cards.set(customerId, card);
    const start = this.now();
    const sub: StripeObject = {
      id: this.newId('sub'),
      object: 'subscription',
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency: 'usd',
      customer: customerId,
      days_until_due: null,
      default_payment_method: null,
      description: null,
      discounts: [],
      ended_at: null,
      items: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
      latest_invoice: null,
      livemode: false,
      metadata: clone(session._subscription_metadata as Json),
      pause_collection: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: start,
      status: 'incomplete',
      test_clock: null,
      trial_end: null,
      trial_start: null,
    };
    (sub.items as Json).url = `/v1/subscription_items?subscription=${sub.id}`;
    const end = addMonth(start);
    for (const line of session._line_items as { price: string; quantity: number }[]) {
      this.itemsOf(sub).push(this.newItem(sub, line.price, line.quantity, start, end));
    }
    this.syncItemCount(sub);
    this.subscriptions.set(sub.id, sub);
    const invoice = this.createInvoice(sub, {
      reason: 'subscription_create',
      period: { start, end },
      lines: this.itemsOf(sub).map((item) => this.periodLine(sub, item, { start, end })),
    });
    const result = this.charge(invoice);
    if (result === 'paid') sub.status = 'active';
    this.emit('customer.subscription.created', sub);
    this.emitInvoiceOutcome(invoice, result);
    session.status = 'complete';
    session.payment_status = result === 'paid' ? 'paid' : 'unpaid';
    session.subscription = sub.id;
    session.invoice = invoice.id;
    session.url = null;
    this.emit('checkout.session.completed', session);
    this.changed();
    const redirect = (session.success_url as string).replace('{CHECKOUT_SESSION_ID}', id);
    return { outcome: result === 'paid' ? 'paid' : 'action_required', redirect };
  }

  // ---- portal -----------------------------------------------------------------------------

  createPortalSession(params: { customer?: string; return_url?: string; flow_data?: Json }): StripeObject {
    if (!params.customer) throw invalid('Missing required param: customer.', 'customer');
    this.customer(params.customer);
    this.rememberPageBase(params.customer, params.return_url);
    const id = this.newId('bps');
    const session: StripeObject = {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_local',
      created: this.now(),
      customer: params.customer,
      flow: params.flow_data ? { type: (params.flow_data as Json).type ?? null } : null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: params.return_url ?? null,
      url: `${this.pageBaseOf(params.customer)}/dev/checkout/portal/${id}`,
    };
    this.portalSessions.set(id, session);
    this.changed();
    return session;
  }

  portalSession(id: string): StripeObject {
    const session = this.portalSessions.get(id);
    if (!session) throw missing('billing_portal.session', id);
    return session;
  }

  // ---- subscriptions ----------------------------------------------------------------------

  listSubscriptions(params: { customer?: string; status?: string; limit?: number }): StripeObject[] {
    const wanted = params.status ?? 'active';
    return [...this.subscriptions.values()]
      .filter((s) => !params.customer || s.customer === params.customer)
      .filter((s) => (wanted === 'all' ? true : wanted === 'active' ? !isEnded(s) : s.status === wanted))
      .sort((a, b) => (b.created as number) - (a.created as number))
      .slice(0, params.limit ?? 10)
      .map((s) => this.render(s));
  }

  subscription(id: string): StripeObject {
    const sub = this.subscriptions.get(id);
    if (!sub) throw missing('subscription', id);
    return sub;
  }

  render(object: StripeObject): StripeObject {
    if (object.object === 'checkout.session') {
      const { _line_items: _lines, _subscription_metadata: _meta, ...rest } = object;
      return rest as StripeObject;
    }
    return object;
  }

  private itemsOf(sub: StripeObject): StripeObject[] {
    return (sub.items as { data: StripeObject[] }).data;
  }

  private syncItemCount(sub: StripeObject): void {
    (sub.items as Json).total_count = this.itemsOf(sub).length;
  }

  private newItem(sub: StripeObject, priceId: string, quantity: number, start: number, end: number): StripeObject {
    return {
      id: this.newId('si'),
      object: 'subscription_item',
      billing_thresholds: null,
      created: this.now(),
      current_period_end: end,
      current_period_start: start,
      discounts: [],
      metadata: {},
      price: clone(this.price(priceId)),
      quantity,
      subscription: sub.id,
      tax_rates: [],
    };
  }

  private period(sub: StripeObject): { start: number; end: number } {
    const items = this.itemsOf(sub);
    return {
      start: Math.min(...items.map((i) => i.current_period_start as number)),
      end: Math.max(...items.map((i) => i.current_period_end as number)),
    };
  }

  /**
   * POST /v1/subscriptions/:id. Items change by id (quantity, deleted) or are added by price.
   * proration_behavior: create_prorations (credit/charge on the next invoice), always_invoice
   * (an invoice now), none. payment_behavior pending_if_incomplete: a change whose invoice is
   * not paid waits in pending_update (23 h) instead of applying.
   */
  updateSubscription(
    id: string,
    params: {
      items?: ItemChange[];
      cancel_at_period_end?: boolean;
      cancel_at?: number | null;
      proration_behavior?: string;
      payment_behavior?: string;
      proration_date?: number;
      metadata?: Json;
    },
  ): StripeObject {
    const sub = this.subscription(id);
    if (isEnded(sub)) throw invalid(`A canceled subscription can only update its metadata.`, 'subscription');
    const before = clone(sub);
    const previous: Json = {};

    if (params.metadata) {
      previous.metadata = before.metadata;
      sub.metadata = { ...(sub.metadata as Json), ...params.metadata };
    }
    if (params.cancel_at_period_end !== undefined) {
      previous.cancel_at_period_end = before.cancel_at_period_end;
      previous.cancel_at = before.cancel_at;
      sub.cancel_at_period_end = params.cancel_at_period_end;
      sub.cancel_at = params.cancel_at_period_end ? this.period(sub).end : null;
      sub.canceled_at = params.cancel_at_period_end ? this.now() : null;
    } else if (params.cancel_at !== undefined) {
      previous.cancel_at = before.cancel_at;
      sub.cancel_at = params.cancel_at;
      sub.canceled_at = params.cancel_at ? this.now() : null;
    }

    let invoiceOutcome: { invoice: StripeObject; result: ChargeResult } | null = null;
    if (params.items && params.items.length > 0) {
      if (sub.pending_update)
        throw invalid('This subscription has a pending update; pay or wait for it first.', 'items');
      const behaviour = params.proration_behavior ?? 'create_prorations';
      const at = params.proration_date ?? this.now();
      const plan = this.planItems(sub, params.items, at);
      if (behaviour === 'always_invoice' && plan.prorations.length > 0) {
        const invoice = this.createInvoice(sub, {
          reason: 'subscription_update',
          period: { start: at, end: at },
          lines: plan.prorations.map((p) => this.prorationLine(sub, p)),
        });
        const result = this.charge(invoice);
        invoiceOutcome = { invoice, result };
        if (result !== 'paid' && params.payment_behavior === 'pending_if_incomplete') {
          previous.pending_update = null;
          sub.pending_update = {
            billing_cycle_anchor: null,
            expires_at: (invoice.created as number) + INCOMPLETE_WINDOW,
            subscription_items: plan.items.map((i) => clone(i)),
            trial_end: null,
            trial_from_plan: null,
          };
        } else if (result !== 'paid' && params.payment_behavior === 'error_if_incomplete') {
          invoice.status = 'void';
          throw new StripeApiError(402, {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          });
        } else {
          previous.items = before.items;
          this.applyItems(sub, plan.items);
          if (result !== 'paid') {
            previous.status = before.status;
            sub.status = 'past_due';
          }
        }
      } else {
        previous.items = before.items;
        this.applyItems(sub, plan.items);
        if (behaviour === 'create_prorations') {
          const list = this.prorations.get(sub.id) ?? [];
          list.push(...plan.prorations);
          this.prorations.set(sub.id, list);
        }
      }
    }
    if (Object.keys(previous).length > 0) this.emit('customer.subscription.updated', sub, previous);
    if (invoiceOutcome) this.emitInvoiceOutcome(invoiceOutcome.invoice, invoiceOutcome.result);
    this.changed();
    return sub;
  }

  /** DELETE /v1/subscriptions/:id: ends it now. */
  cancelSubscription(id: string): StripeObject {
    const sub = this.subscription(id);
    if (isEnded(sub)) return sub;
    this.endSubscription(sub, 'canceled');
    this.changed();
    return sub;
  }

  /** The items after a change, and the prorations it causes at `at`. */
  private planItems(
    sub: StripeObject,
    changes: ItemChange[],
    at: number,
  ): { items: StripeObject[]; prorations: PendingProration[] } {
    const current = this.itemsOf(sub);
    const { start, end } = this.period(sub);
    const fraction = Math.max(0, Math.min(1, (end - at) / Math.max(1, end - start)));
    const items = current.map((i) => clone(i));
    const prorations: PendingProration[] = [];
    const prorate = (item: StripeObject, priceObj: StripeObject, delta: number) => {
      if (delta === 0) return;
      const amount = Math.round(delta * (priceObj.unit_amount as number) * fraction);
      const name = priceObj.nickname as string;
      prorations.push({
        amount,
        description: delta > 0 ? `Remaining time on ${delta} × ${name}` : `Unused time on ${-delta} × ${name}`,
        price: priceObj.id as string,
        product: priceObj.product as string,
        quantity: Math.abs(delta),
        subscriptionItem: item.id,
        period: { start: at, end },
      });
    };
    for (const [index, change] of changes.entries()) {
      if (change.id) {
        const item = items.find((i) => i.id === change.id);
        if (!item) throw invalid(`No such subscription item: '${change.id}'`, `items[${index}][id]`);
        const oldQuantity = item.quantity as number;
        if (change.deleted) {
          items.splice(items.indexOf(item), 1);
          prorate(item, item.price as StripeObject, -oldQuantity);
        } else if (change.quantity !== undefined) {
          if (!Number.isInteger(change.quantity) || change.quantity < 0)
            throw invalid('Invalid integer quantity.', `items[${index}][quantity]`);
          item.quantity = change.quantity;
          prorate(item, item.price as StripeObject, change.quantity - oldQuantity);
        }
      } else if (change.price) {
        const priceObj = this.price(change.price);
        if (items.some((i) => (i.price as StripeObject).id === change.price)) {
          throw invalid('Cannot add multiple subscription items with the same price.', `items[${index}][price]`);
        }
        const item = this.newItem(sub, change.price, change.quantity ?? 1, start, end);
        items.push(item);
        prorate(item, priceObj, item.quantity as number);
      }
    }
    if (items.length === 0) throw invalid('A subscription needs at least one item.', 'items');
    return { items, prorations };
  }

  private applyItems(sub: StripeObject, items: StripeObject[]): void {
    (sub.items as { data: StripeObject[] }).data = items.map((i) => clone(i));
    this.syncItemCount(sub);
  }

  // ---- invoices ---------------------------------------------------------------------------

  invoice(id: string): StripeObject {
    const invoice = this.invoices.get(id);
    if (!invoice) throw missing('invoice', id);
    return invoice;
  }

  listInvoices(params: { customer?: string; subscription?: string; limit?: number }): StripeObject[] {
    return [...this.invoices.values()]
      .filter((i) => !params.customer || i.customer === params.customer)
      .filter((i) => !params.subscription || subscriptionOfInvoice(i) === params.subscription)
      .sort((a, b) => (b.created as number) - (a.created as number))
      .slice(0, params.limit ?? 10);
  }

  private periodLine(sub: StripeObject, item: StripeObject, period: { start: number; end: number }): StripeObject {
    const price = item.price as StripeObject;
    const quantity = item.quantity as number;
    return this.line(sub, {
      amount: quantity * (price.unit_amount as number),
      description: `${quantity} × ${price.nickname as string} (at $${((price.unit_amount as number) / 100).toFixed(2)} / month)`,
      price: price.id as string,
      product: price.product as string,
      quantity,
      subscriptionItem: item.id,
      period,
      proration: false,
      unitAmount: price.unit_amount as number,
    });
  }

  private prorationLine(sub: StripeObject, p: PendingProration): StripeObject {
    return this.line(sub, { ...p, proration: true, unitAmount: Math.round(p.amount / Math.max(1, p.quantity)) });
  }

  private line(
    sub: StripeObject,
    l: {
      amount: number;
      description: string;
      price: string;
      product: string;
      quantity: number;
      subscriptionItem: string;
      period: { start: number; end: number };
      proration: boolean;
      unitAmount: number;
    },
  ): StripeObject {
    return {
      id: this.newId('il'),
      object: 'line_item',
      amount: l.amount,
      currency: 'usd',
      description: l.description,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: null,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: l.proration,
          proration_details: { credited_items: null },
          subscription: sub.id,
          subscription_item: l.subscriptionItem,
        },
      },
      period: l.period,
      pretax_credit_amounts: [],
      pricing: {
        type: 'price_details',
        price_details: { price: l.price, product: l.product },
        unit_amount_decimal: String(l.unitAmount),
      },
      quantity: l.quantity,
      subscription: sub.id,
      subtotal: l.amount,
      taxes: [],
    };
  }

  private invoiceObject(
    sub: StripeObject,
    params: {
      reason: string;
      period: { start: number; end: number };
      lines: StripeObject[];
      id: string;
      preview: boolean;
    },
  ): { invoice: StripeObject; endingBalance: number } {
    const customer = this.customer(sub.customer as string);
    const total = params.lines.reduce((sum, l) => sum + (l.amount as number), 0);
    const balance = customer.balance as number;
    // A negative balance is credit: it pays (part of) a positive invoice; a negative invoice adds to it.
    const applied = total > 0 ? Math.min(total, Math.max(0, -balance)) : 0;
    const amountDue = Math.max(0, total - applied);
    const endingBalance = total > 0 ? balance + applied : balance + total;
    for (const line of params.lines) line.invoice = params.id;
    const invoice: StripeObject = {
      id: params.id,
      object: 'invoice',
      amount_due: amountDue,
      amount_paid: 0,
      amount_remaining: amountDue,
      attempt_count: 0,
      attempted: false,
      billing_reason: params.reason,
      collection_method: 'charge_automatically',
      created: this.now(),
      currency: 'usd',
      customer: sub.customer,
      ending_balance: endingBalance,
      hosted_invoice_url: params.preview
        ? null
        : `${this.pageBaseOf(sub.customer as string)}/dev/checkout/invoice/${params.id}`,
      invoice_pdf: null,
      lines: {
        object: 'list',
        data: params.lines,
        has_more: false,
        total_count: params.lines.length,
        url: `/v1/invoices/${params.id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: params.preview
        ? null
        : `${customer.invoice_prefix as string}-${String(this.invoices.size + 1).padStart(4, '0')}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: clone(sub.metadata), subscription: sub.id },
      },
      period_end: params.period.end,
      period_start: params.period.start,
      starting_balance: balance,
      status: params.preview ? 'draft' : 'open',
      status_transitions: {
        finalized_at: params.preview ? null : this.now(),
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      subtotal: total,
      total,
    };
    return { invoice, endingBalance };
  }

  private createInvoice(
    sub: StripeObject,
    params: { reason: string; period: { start: number; end: number }; lines: StripeObject[] },
  ): StripeObject {
    const { invoice, endingBalance } = this.invoiceObject(sub, { ...params, id: this.newId('in'), preview: false });
    this.customer(sub.customer as string).balance = endingBalance;
    this.invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    this.emit('invoice.created', invoice);
    this.emit('invoice.finalized', invoice);
    return invoice;
  }

  /** POST /v1/invoices/create_preview for a subscription change (or the next renewal). */
  previewInvoice(params: {
    customer?: string;
    subscription?: string;
    items?: ItemChange[];
    proration_behavior?: string;
    proration_date?: number;
  }): StripeObject {
    if (!params.subscription) throw invalid('Missing required param: subscription.', 'subscription');
    const sub = this.subscription(params.subscription);
    if (params.customer && params.customer !== sub.customer)
      throw invalid('The subscription belongs to another customer.', 'customer');
    const behaviour = params.proration_behavior ?? 'create_prorations';
    const at = params.proration_date ?? this.now();
    const plan = params.items?.length
      ? this.planItems(sub, params.items, at)
      : { items: this.itemsOf(sub), prorations: [] };
    const id = this.newId('upcoming_in');
    if (behaviour === 'always_invoice' && plan.prorations.length > 0) {
      return this.invoiceObject(sub, {
        reason: 'subscription_update',
        period: { start: at, end: at },
        lines: plan.prorations.map((p) => this.prorationLine(sub, p)),
        id,
        preview: true,
      }).invoice;
    }
    const { end } = this.period(sub);
    const next = { start: end, end: addMonth(end) };
    const pending = [
      ...(this.prorations.get(sub.id) ?? []),
      ...(behaviour === 'create_prorations' ? plan.prorations : []),
    ];
    return this.invoiceObject(sub, {
      reason: 'subscription_cycle',
      period: next,
      lines: [
        ...pending.map((p) => this.prorationLine(sub, p)),
        ...plan.items.map((item) => this.periodLine(sub, item, next)),
      ],
      id,
      preview: true,
    }).invoice;
  }

  /** The customer pays an open invoice (hosted invoice page, or a retry with a new card). */
  payInvoice(id: string, card?: CardBehaviour): ChargeResult {
    const invoice = this.invoice(id);
    if (invoice.status !== 'open') throw invalid(`Invoice ${id} is ${invoice.status as string}.`, 'invoice');
    if (card) this.cards.set(invoice.customer as string, card);
    const result = this.charge(invoice);
    this.emitInvoiceOutcome(invoice, result);
    if (result === 'paid') this.afterInvoicePaid(invoice);
    this.changed();
    return result;
  }

  private afterInvoicePaid(invoice: StripeObject): void {
    const subId = subscriptionOfInvoice(invoice);
    const sub = subId ? this.subscriptions.get(subId) : undefined;
    if (!sub || isEnded(sub)) return;
    const pending = sub.pending_update as { subscription_items: StripeObject[] } | null;
    if (pending && sub.latest_invoice === invoice.id) {
      const before = clone(sub);
      this.applyItems(sub, pending.subscription_items);
      sub.pending_update = null;
      this.emit('customer.subscription.pending_update_applied', sub, {
        items: before.items,
        pending_update: before.pending_update,
      });
      this.emit('customer.subscription.updated', sub, { items: before.items, pending_update: before.pending_update });
      return;
    }
    if (sub.status === 'incomplete' || sub.status === 'past_due' || sub.status === 'unpaid') {
      const previous = { status: sub.status };
      sub.status = 'active';
      this.emit('customer.subscription.updated', sub, previous);
    }
  }

  private charge(invoice: StripeObject): ChargeResult {
    if ((invoice.amount_due as number) <= 0) {
      this.markPaid(invoice);
      return 'paid';
    }
    invoice.attempt_count = (invoice.attempt_count as number) + 1;
    invoice.attempted = true;
    const card = this.cards.get(invoice.customer as string) ?? 'ok';
    if (card === 'ok') {
      this.markPaid(invoice);
      return 'paid';
    }
    return card === 'authentication' ? 'action_required' : 'failed';
  }

  private markPaid(invoice: StripeObject): void {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    (invoice.status_transitions as Json).paid_at = this.now();
  }

  private emitInvoiceOutcome(invoice: StripeObject, result: ChargeResult): void {
    if (result === 'paid') {
      this.emit('invoice.paid', invoice);
      this.emit('invoice.payment_succeeded', invoice);
    } else if (result === 'action_required') {
      this.emit('invoice.payment_action_required', invoice);
    } else {
      this.emit('invoice.payment_failed', invoice);
    }
  }

  // ---- time -------------------------------------------------------------------------------

  /** Moves this account's clock forward and runs everything that fell due, in time order. */
  advance(seconds: number): void {
    this.offset += Math.max(0, Math.round(seconds));
    this.tick();
  }

  /** Seconds until the subscription's current period ends (for "advance to period end"). */
  secondsToPeriodEnd(subscriptionId: string): number {
    return Math.max(0, this.period(this.subscription(subscriptionId)).end - this.now());
  }

  /** Runs renewals, retries, expiries and cancellations that are due now; cheap when none are. */
  tick(): void {
    for (let guard = 0; guard < 1000; guard++) {
      const next = this.nextDue();
      if (!next || next.at > this.now()) return;
      next.run();
      this.changed();
    }
  }

  private nextDue(): { at: number; run: () => void } | null {
    let best: { at: number; run: () => void } | null = null;
    const consider = (at: number | null | undefined, run: () => void) => {
      if (at != null && (!best || at < best.at)) best = { at, run };
    };
    for (const sub of this.subscriptions.values()) {
      if (isEnded(sub)) continue;
      const pending = sub.pending_update as { expires_at: number } | null;
      if (pending) consider(pending.expires_at, () => this.expirePendingUpdate(sub));
      if (sub.status === 'incomplete') {
        consider((sub.created as number) + INCOMPLETE_WINDOW, () => this.expireIncomplete(sub));
        continue;
      }
      if (sub.status === 'past_due') {
        const open = this.openRenewalInvoice(sub);
        if (open) consider(open.next_payment_attempt as number | null, () => this.retryRenewal(sub, open));
      }
      const cancelAt = sub.cancel_at as number | null;
      const { end } = this.period(sub);
      if (cancelAt != null && cancelAt <= end) consider(cancelAt, () => this.endSubscription(sub, 'canceled'));
      else if (sub.status === 'active' || sub.status === 'past_due') consider(end, () => this.renew(sub));
    }
    return best;
  }

  private openRenewalInvoice(sub: StripeObject): StripeObject | undefined {
    return [...this.invoices.values()].find(
      (i) => subscriptionOfInvoice(i) === sub.id && i.status === 'open' && i.billing_reason === 'subscription_cycle',
    );
  }

  private renew(sub: StripeObject): void {
    const { end } = this.period(sub);
    const next = { start: end, end: addMonth(end) };
    const before = clone(sub);
    for (const item of this.itemsOf(sub)) {
      item.current_period_start = next.start;
      item.current_period_end = next.end;
    }
    const pending = this.prorations.get(sub.id) ?? [];
    this.prorations.delete(sub.id);
    const invoice = this.createInvoice(sub, {
      reason: 'subscription_cycle',
      period: next,
      lines: [
        ...pending.map((p) => this.prorationLine(sub, p)),
        ...this.itemsOf(sub).map((item) => this.periodLine(sub, item, next)),
      ],
    });
    const result = this.charge(invoice);
    if (result !== 'paid') {
      invoice.next_payment_attempt = this.now() + RETRY_DELAYS[0]!;
      sub.status = 'past_due';
    } else if (sub.status === 'past_due') {
      sub.status = 'active';
    }
    this.emit('customer.subscription.updated', sub, {
      items: before.items,
      status: before.status,
      latest_invoice: before.latest_invoice,
    });
    this.emitInvoiceOutcome(invoice, result);
  }

  private retryRenewal(sub: StripeObject, invoice: StripeObject): void {
    const result = this.charge(invoice);
    this.emitInvoiceOutcome(invoice, result);
    if (result === 'paid') {
      this.afterInvoicePaid(invoice);
      return;
    }
    const retries = (invoice.attempt_count as number) - 1;
    if (retries < RETRY_DELAYS.length) {
      invoice.next_payment_attempt = this.now() + RETRY_DELAYS[retries]!;
      return;
    }
    // Retries exhausted: the subscription is canceled (the account's dunning setting).
    invoice.next_payment_attempt = null;
    invoice.status = 'uncollectible';
    this.emit('invoice.marked_uncollectible', invoice);
    this.endSubscription(sub, 'canceled', 'payment_failed');
  }

  private expireIncomplete(sub: StripeObject): void {
    const previous = { status: sub.status };
    sub.status = 'incomplete_expired';
    sub.ended_at = this.now();
    const invoice = sub.latest_invoice ? this.invoices.get(sub.latest_invoice as string) : undefined;
    if (invoice?.status === 'open') invoice.status = 'void';
    this.emit('customer.subscription.updated', sub, previous);
  }

  private expirePendingUpdate(sub: StripeObject): void {
    const previous = { pending_update: clone(sub.pending_update) };
    sub.pending_update = null;
    const invoice = sub.latest_invoice ? this.invoices.get(sub.latest_invoice as string) : undefined;
    if (invoice?.status === 'open' && invoice.billing_reason === 'subscription_update') {
      invoice.status = 'void';
      this.emit('invoice.voided', invoice);
    }
    this.emit('customer.subscription.pending_update_expired', sub, previous);
    this.emit('customer.subscription.updated', sub, previous);
  }

  private endSubscription(sub: StripeObject, status: 'canceled', reason = 'cancellation_requested'): void {
    const previous = { status: sub.status };
    sub.status = status;
    sub.ended_at = this.now();
    sub.canceled_at ??= this.now();
    sub.pending_update = null;
    (sub.cancellation_details as Json).reason = reason;
    this.prorations.delete(sub.id);
    this.emit('customer.subscription.deleted', sub, previous);
  }

  markDelivered(eventId: string, ok: boolean): void {
    const record = this.events.find((r) => r.event.id === eventId);
    if (!record) return;
    record.attempts += 1;
    if (ok) record.delivered = true;
    this.changed();
  }
}

export type ChargeResult = 'paid' | 'failed' | 'action_required';

export function isEnded(sub: StripeObject): boolean {
  return sub.status === 'canceled' || sub.status === 'incomplete_expired';
}

export function subscriptionOfInvoice(invoice: StripeObject): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: string } } | null;
  return parent?.subscription_details?.subscription ?? null;
}

function missing(kind: string, id: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: 'id',
  });
}

function invalid(message: string, param?: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
}
