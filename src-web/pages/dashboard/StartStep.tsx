import { currentBrandConfig } from '../../brand/current-brand';
import { AddTickerPanel } from '../../features/add-ticker/AddTickerPanel';
import { useAuth } from '../../lib/session';
import { addPanelProps, type StartStepProps } from './dashboard-types';
import { OnboardingChecklist } from './OnboardingChecklist';

/** Step 1: the add form with a Back link, next to the brand's onboarding checklist. */
export function StartStep(props: StartStepProps) {
  const { banner, tickers, onTickersChange, watchlist, onBack, onContact, onAdded } = props;
  const brand = currentBrandConfig();
  const auth = useAuth();
  const suggestions = brand.onboarding.defaultTickerSuggestions;
  return (
    <div className="container start-step">
      <button type="button" className="back-link" onClick={onBack}>
        <span aria-hidden="true">←</span> Back
      </button>
      {banner}
      <div className="start-step__grid">
        <section className="panel" aria-labelledby="start-title">
          <h1 id="start-title">{brand.copy.emptyStateTitle}</h1>
          <p className="muted">{brand.copy.emptyStateText}</p>
          <fieldset className="bare-fieldset suggestions" aria-label="Popular tickers">
            <span className="muted">Popular:</span>
            {suggestions.map((ticker) => (
              <button
                key={ticker}
                type="button"
                className="chip chip--button"
                onClick={() =>
                  onTickersChange(
                    tickers.includes(`${ticker},`)
                      ? tickers
                      : `${tickers.replace(/,?\s*$/, tickers.trim() ? ', ' : '')}${ticker}, `,
                  )
                }
              >
                + {ticker}
              </button>
            ))}
          </fieldset>
          <AddTickerPanel
            {...addPanelProps(props, auth)}
            foldForms={brand.onboarding.skipFormSelection}
            onAdded={onAdded}
            autoFocus
          />
        </section>
        <OnboardingChecklist
          steps={brand.onboarding.steps}
          done={{ contact: Boolean(auth.user?.email || auth.user?.phone), tickers: watchlist.items.length > 0 }}
          onContact={onContact}
        />
      </div>
    </div>
  );
}
