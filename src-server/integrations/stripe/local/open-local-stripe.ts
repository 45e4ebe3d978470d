/**
 * The offline default's Stripe: one LocalStripeServer per machine-local setup. The first process
 * starts it (state kept in a JSON file when one is given, so subscriptions survive a restart);
 * another process of the same setup (`npm run worker`) finds it through that file and talks to
 * it instead of starting a second account with other data.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CardBehaviour, LocalPrice, LocalStripeState, StripeObject } from './local-stripe';
import { LocalStripeServer } from './local-stripe-server';

interface StateFile {
  server?: { url: string; apiKey: string; webhookSecret: string; pid: number };
  state?: LocalStripeState;
}

export interface CheckoutView {
  session: StripeObject;
  lines: { description: string; quantity: number; unitAmount: number }[];
}

export interface PortalView {
  session: StripeObject;
  card: CardBehaviour | null;
  subscriptions: StripeObject[];
  invoices: StripeObject[];
}

/** The control routes of a LocalStripeServer (what the dev checkout pages do). */
export class LocalStripeControl {
  constructor(
    readonly url: string,
    private readonly apiKey: string,
  ) {}

  private async call<T>(method: 'GET' | 'POST', path: string, params: Record<string, string> = {}): Promise<T> {
    const body = new URLSearchParams(params).toString();
    const response = await fetch(`${this.url}/_local${path}`, {
      method,
      headers: { authorization: `Bearer ${this.apiKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      ...(method === 'POST' ? { body } : {}),
    });
    const json = (await response.json()) as T & { error?: { message: string; code?: string } };
    if (!response.ok)
      throw Object.assign(new Error(json.error?.message ?? `local Stripe ${response.status}`), {
        status: response.status,
        code: json.error?.code,
      });
    return json;
  }

  ping = () => this.call<{ ok: boolean; pid: number }>('GET', '/ping');
  setWebhookEndpoint = (url: string) => this.call('POST', '/webhook-endpoint', { url });
  checkout = (id: string) => this.call<CheckoutView>('GET', `/checkout/${encodeURIComponent(id)}`);
  completeCheckout = (id: string, card: CardBehaviour) =>
    this.call<{ outcome: 'paid' | 'declined' | 'action_required'; redirect: string | null }>(
      'POST',
      `/checkout/${encodeURIComponent(id)}/complete`,
      { card },
    );
  portal = (id: string) => this.call<PortalView>('GET', `/portal/${encodeURIComponent(id)}`);
  setCancelAtPeriodEnd = (subscription: string, value: boolean) =>
    this.call('POST', `/subscriptions/${encodeURIComponent(subscription)}/cancel-at-period-end`, {
      value: String(value),
    });
  setCard = (customer: string, card: CardBehaviour) =>
    this.call('POST', `/customers/${encodeURIComponent(customer)}/card`, { card });
  invoice = (id: string) =>
    this.call<{ invoice: StripeObject; subscription: StripeObject | null }>(
      'GET',
      `/invoices/${encodeURIComponent(id)}`,
    );
  payInvoice = (id: string, card?: CardBehaviour) =>
    this.call<{ result: string }>('POST', `/invoices/${encodeURIComponent(id)}/pay`, card ? { card } : {});
  advanceToPeriodEnd = (subscription: string) => this.call('POST', '/advance', { subscription, to: 'period_end' });
}

export interface LocalStripeHandle {
  url: string;
  apiKey: string;
  webhookSecret: string;
  /** Set when this process runs the server (null when attached to another process's). */
  server: LocalStripeServer | null;
  control: LocalStripeControl;
  close(): Promise<void>;
}

function readState(file: string | undefined): StateFile {
  if (!file || !existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StateFile;
  } catch {
    return {};
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function openLocalStripe(options: {
  prices: { pro: LocalPrice; addon: LocalPrice };
  stateFile?: string;
  log?: (message: string, err?: unknown) => void;
}): Promise<LocalStripeHandle> {
  const saved = readState(options.stateFile);
  const other = saved.server;
  if (other && other.pid !== process.pid && alive(other.pid)) {
    const control = new LocalStripeControl(other.url, other.apiKey);
    const running = await control.ping().catch(() => null);
    if (running) {
      return {
        url: other.url,
        apiKey: other.apiKey,
        webhookSecret: other.webhookSecret,
        server: null,
        control,
        close: async () => {},
      };
    }
  }

  const apiKey = `sk_test_local${randomBytes(18).toString('hex')}`;
  const webhookSecret = `whsec_local${randomBytes(18).toString('hex')}`;
  let timer: NodeJS.Timeout | null = null;
  const file = options.stateFile;
  const write = (server: LocalStripeServer) => {
    if (!file) return;
    const content: StateFile = {
      server: { url: server.url, apiKey, webhookSecret, pid: process.pid },
      state: server.stripe.snapshot(),
    };
    mkdirSync(dirname(file), { recursive: true });
    // It holds the local API key and webhook secret: readable by this user only.
    writeFileSync(`${file}.tmp`, JSON.stringify(content), { mode: 0o600 });
    chmodSync(`${file}.tmp`, 0o600);
    renameSync(`${file}.tmp`, file);
  };
  const server = new LocalStripeServer({
    apiKey,
    webhookSecret,
    prices: options.prices,
    state: saved.state,
    log: options.log,
    onChange: (s) => {
      if (!file || timer) return;
      timer = setTimeout(() => {
        timer = null;
        try {
          write(s);
        } catch (err) {
          options.log?.('local Stripe: saving its state failed', err);
        }
      }, 50);
    },
  });
  const url = await server.start();
  write(server);
  return {
    url,
    apiKey,
    webhookSecret,
    server,
    control: new LocalStripeControl(url, apiKey),
    async close() {
      if (timer) clearTimeout(timer);
      await server.stop();
      if (file) write(server);
    },
  };
}
