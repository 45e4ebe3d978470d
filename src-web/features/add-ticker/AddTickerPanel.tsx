import { useCallback } from 'react';
import type { BrandId } from '#shared/brands';
import { trpc } from '../../lib/trpc';
import { useSubscribe } from '../watchlist/use-watchlist';
import { AddTickerForm, type AddTickerFormProps } from './AddTickerForm';
import type { TickerSuggestion } from './suggestions';

/** The add form wired to tickers.search and watchlist.subscribe. */
export function AddTickerPanel(props: Omit<AddTickerFormProps, 'search' | 'submit'> & { brand: BrandId }) {
  const utils = trpc.useUtils();
  const subscribe = useSubscribe();
  const search = useCallback(
    (q: string): Promise<TickerSuggestion[]> => utils.client.tickers.search.query({ q }),
    [utils],
  );
  return (
    <AddTickerForm
      {...props}
      search={search}
      submit={(input) =>
        subscribe.mutateAsync({
          tickers: input.tickers.join(','),
          forms: input.forms.join(','),
          note: input.notes || undefined,
        })
      }
    />
  );
}
