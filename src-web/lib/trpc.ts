import { createTRPCReact } from '@trpc/react-query';
import { createWSClient, httpBatchLink, splitLink, wsLink, type TRPCLink } from '@trpc/client';
import type { AppRouter } from '#server/transport/trpc/app-router';
import { TRPC_MAX_BATCH } from '#shared/trpc-batch';
import { STORAGE_KEYS, readStorage, writeStorage } from './storage';
import { currentBrand } from '../brand/current-brand';

export const trpc = createTRPCReact<AppRouter>();

function wsUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/trpc`;
}

/** HTTP batch for queries and mutations, the websocket for subscriptions. */
export function createLinks(): TRPCLink<AppRouter>[] {
  const wsClient = createWSClient({
    url: wsUrl(),
    lazy: { enabled: true, closeMs: 10_000 },
    connectionParams: () => ({ session: readStorage(STORAGE_KEYS.session) ?? '', brand: currentBrand() }),
  });
  return [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: wsLink({ client: wsClient }),
      false: httpBatchLink({
        url: '/trpc',
        maxItems: TRPC_MAX_BATCH,
        headers: () => {
          // The admin credential is an HttpOnly cookie (Path=/trpc) the browser sends by itself.
          const session = readStorage(STORAGE_KEYS.session);
          return {
            ...(session ? { 'x-session': session } : {}),
            'x-brand': currentBrand(),
          };
        },
        fetch: async (input, init) => {
          const response = await fetch(input, { ...init, credentials: 'same-origin' });
          // The server issues a session on a visitor's first call; keep it for the next ones.
          const issued = response.headers.get('x-session');
          if (issued && issued !== readStorage(STORAGE_KEYS.session)) writeStorage(STORAGE_KEYS.session, issued);
          return response;
        },
      }),
    }),
  ];
}
