import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '#server/transport/trpc/app-router';
import { proLimitWithPacks } from '#shared/plans';
import { makeQueryClient } from '../../lib/query-client';
import type { RouterOutputs } from '../../lib/router-types';
import { trpc } from '../../lib/trpc';
import { AddOnsSection } from './AddOnsSection';

type Status = RouterOutputs['billing']['status'];

/** A PRO subscriber with `addonPacks` packs, as billing.status answers. */
function statusWith(addonPacks: number, extra: Partial<Status> = {}): Status {
  return {
    planType: 'pro',
    planStatus: 'active',
    isPro: true,
    isAdmin: false,
    billingStatus: 'active',
    billingIssue: false,
    hasSubscription: true,
    planPeriodEnd: '2026-12-26T00:00:00.000Z',
    cancelAtPeriodEnd: false,
    planCancelAt: null,
    addonPacks,
    pendingAddonPacks: null,
    pendingUpdateExpiresAt: null,
    billingActionUrl: null,
    tickerLimit: proLimitWithPacks(addonPacks),
    available: true,
    mode: 'stripe',
    brandSellsPlans: true,
    upgradeBrand: null,
    watchlistCount: 12,
    minimumPacks: 0,
    maxPacks: 20,
    prices: { proMonthly: 2000, addonMonthly: 500, currency: 'usd' },
    ...extra,
  };
}

/**
 * The server end of the tRPC link: billing.status answers `server.status` as it is at the time
 * of the call (so a refetch can bring other data), previewAddons prices the change, setAddons
 * applies it.
 */
function fakeServer(initial: Status) {
  const server = { status: initial, saved: [] as number[] };
  const answer = (path: string, input: unknown): unknown => {
    const packs = (input as { packs?: number } | undefined)?.packs ?? 0;
    const current = server.status.addonPacks;
    switch (path) {
      case 'billing.status':
        return server.status;
      case 'billing.previewAddons':
        return {
          currentPacks: current,
          packs,
          direction: packs > current ? 'increase' : packs < current ? 'decrease' : 'none',
          tickerLimit: proLimitWithPacks(packs),
          amountDueNow: 250 * Math.max(0, packs - current),
          credit: 250 * Math.max(0, current - packs),
          nextInvoiceAmount: 2000 + 500 * packs,
          monthlyTotal: 2000 + 500 * packs,
          currency: 'usd',
          periodEnd: server.status.planPeriodEnd,
        };
      case 'billing.setAddons': {
        server.saved.push(packs);
        server.status = statusWith(packs);
        const { planType, planStatus, isAdmin } = server.status;
        return {
          status: 'applied',
          addonPacks: packs,
          pendingAddonPacks: null,
          tickerLimit: proLimitWithPacks(packs),
          actionUrl: null,
          user: { id: 'u1', email: 'pro@example.com', phone: null, verified: true, isAdmin, planType, planStatus },
          plan: server.status,
        };
      }
      default:
        throw new Error(`no fake answer for ${path}`);
    }
  };
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        Promise.resolve()
          .then(() => answer(op.path, op.input))
          .then((data) => {
            observer.next({ result: { type: 'data', data } });
            observer.complete();
          }, observer.error);
      });
  return { server, link };
}

/** Settings' wiring: the section gets billing.status's data, which refetches replace. */
function Section() {
  const billing = trpc.billing.status.useQuery();
  return <AddOnsSection pro limit={billing.data?.tickerLimit ?? 0} billing={billing.data} />;
}

function renderSection(initial: Status) {
  const { server, link } = fakeServer(initial);
  const queryClient = makeQueryClient();
  const client = trpc.createClient({ links: [link] });
  render(
    <MemoryRouter>
      <trpc.Provider client={client} queryClient={queryClient}>
        <Section />
      </trpc.Provider>
    </MemoryRouter>,
  );
  // React Query hands results to React on a timer tick: wait for it, so the new data is on screen.
  const refetch = () =>
    act(async () => {
      await queryClient.refetchQueries({ type: 'active' });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  return { server, refetch };
}

const shown = () => screen.getByTestId('addon-packs').textContent;

/** The section loaded for a subscriber with 1 pack; `step` clicks One pack more / fewer. */
async function loadedWithOnePack() {
  const harness = renderSection(statusWith(1));
  await screen.findByText('1 pack → 70 tickers');
  const user = userEvent.setup();
  const step = (name: 'One pack more' | 'One pack fewer') => user.click(screen.getByRole('button', { name }));
  return { ...harness, user, step };
}

describe('Settings → Ticker Add-ons: an unsaved choice of packs', () => {
  it('first load shows the saved packs', async () => {
    await loadedWithOnePack();
    expect(screen.queryByTestId('addon-preview')).toBeNull();
  });

  it('survives a refetch with the same data and one with different data', async () => {
    const { server, refetch, step } = await loadedWithOnePack();
    await step('One pack more');
    await step('One pack more');
    expect(shown()).toBe('3 packs → 110 tickers');
    expect(await screen.findByRole('button', { name: 'Buy 2 packs' })).toBeTruthy();

    // Window focus, the plan feed or another section's refresh: the same answer again.
    await refetch();
    expect(shown()).toBe('3 packs → 110 tickers');

    // Another tab changed the subscription to 2 packs: the user's 3 still stands, priced anew.
    server.status = statusWith(2, { watchlistCount: 30 });
    await refetch();
    expect(screen.getByTestId('settings-ticker-limit').textContent).toBe('90 tickers');
    expect(shown()).toBe('3 packs → 110 tickers');
    expect(await screen.findByRole('button', { name: 'Buy 1 pack' })).toBeTruthy();
    expect(server.saved).toEqual([]);
  });

  it('a saved change becomes the new starting point, and later server changes show again', async () => {
    const { server, refetch, step, user } = await loadedWithOnePack();
    await step('One pack more');
    await user.click(await screen.findByRole('button', { name: 'Buy 1 pack' }));
    expect(await screen.findByText('Done: 2 add-on packs, 90 tickers.')).toBeTruthy();
    expect(server.saved).toEqual([2]);
    expect(shown()).toBe('2 packs → 90 tickers');
    expect(screen.queryByTestId('addon-preview')).toBeNull();

    // Nothing unsaved now: a change made elsewhere is what the section shows.
    server.status = statusWith(4);
    await refetch();
    expect(shown()).toBe('4 packs → 130 tickers');
  });

  it('stepping back to the saved count is no choice: the server count is followed again', async () => {
    const { server, refetch, step } = await loadedWithOnePack();
    await step('One pack more');
    await step('One pack fewer');
    server.status = statusWith(2);
    await refetch();
    expect(shown()).toBe('2 packs → 90 tickers');
    expect(screen.queryByTestId('addon-preview')).toBeNull();
  });
});
