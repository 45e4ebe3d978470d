import { AppError } from '#shared/app-error';
import { KeyedSlots } from '../ops/keyed-slots';

export interface StreamLimitSettings {
  /** Subscriptions open at once on one websocket. */
  perSocket: number;
  /** Websockets plus HTTP (SSE) subscriptions open at once from one client address. */
  perIp: number;
  /** Subscriptions open at once for one account, over every socket. */
  perUser: number;
}

export type StreamScope = keyof StreamLimitSettings;

const REFUSALS: Record<StreamScope, (limit: number) => string> = {
  perSocket: (n) => `This connection already has ${n} live streams open. Close one before opening another.`,
  perIp: (n) =>
    `Too many live connections are open from your network (${n}). Close other tabs or windows of the app and try again.`,
  perUser: (n) =>
    `Your account already has ${n} live streams open. Close other tabs or windows of the app and try again.`,
};

/**
 * Open streams (websockets, subscriptions) counted per socket, client address and account, so one
 * client cannot hold an unbounded number of long-lived streams. In-process counts: each process
 * guards its own sockets, which is what a stream costs.
 */
export class StreamLimits {
  private readonly slots = new KeyedSlots();

  constructor(private readonly settings: StreamLimitSettings) {}

  /** One slot under every key, or none and a 429 naming the first that is full. Release is idempotent. */
  acquire(keys: { scope: StreamScope; id: string }[]): () => void {
    const taken = this.slots.take(
      keys.map(({ scope, id }) => ({ key: `${scope}:${id}`, limit: this.settings[scope] })),
    );
    if ('release' in taken) return taken.release;
    const scope = taken.full.slice(0, taken.full.indexOf(':')) as StreamScope;
    throw new AppError('TOO_MANY_REQUESTS', REFUSALS[scope](this.settings[scope]), {
      reason: 'too_many_streams',
      details: { limit: this.settings[scope] },
    });
  }

  /** Streams open under a key (metrics, tests). */
  count(scope: StreamScope, id: string): number {
    return this.slots.count(`${scope}:${id}`);
  }
}
