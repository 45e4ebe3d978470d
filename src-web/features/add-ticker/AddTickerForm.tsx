import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BRANDS, defaultForms, type BrandId } from '#shared/brands';
import { COPY } from '#shared/copy';
import type { FormType } from '#shared/forms';
import { PRO_TICKER_LIMIT } from '#shared/plans';
import { parseTickerEntries } from '#shared/ticker-entry';
import { ErrorBox, SuccessBox } from '../../components/Notice';
import { useTimedMessage } from '../../lib/use-timed-message';
import { addErrorMessage, addSuccessMessage, limitError, resolveEntries, validateAddForm } from './add-ticker-rules';
import { formRows } from './form-rows';
import { FormTypesTable } from './FormTypesTable';
import { NewListingsBlock } from './NewListingsBlock';
import type { TickerSuggestion } from './suggestions';
import { TickerTypeahead } from './TickerTypeahead';

export interface AddTickersInput {
  tickers: string[];
  forms: FormType[];
  notes: string;
}

export interface AddTickersResult {
  added?: readonly unknown[];
  updated?: readonly unknown[];
  skipped?: readonly unknown[];
}

export interface AddTickerFormProps {
  brand: BrandId;
  pro: boolean;
  /** A paying subscriber: the limit hint offers add-ons instead of PRO. */
  paidPlan: boolean;
  existingTickers: readonly string[];
  limit: number;
  tickers: string;
  onTickersChange: (value: string) => void;
  search: (query: string) => Promise<TickerSuggestion[]>;
  submit: (input: AddTickersInput) => Promise<AddTickersResult>;
  /** Hears the success line too (step 1 is replaced by the full view once the first ticker is in). */
  onAdded?: (message: string) => void;
  showAll?: boolean;
  onShowAllChange?: (on: boolean) => void;
  /** Onboarding with skipFormSelection: the brand's default forms, table folded away. */
  foldForms?: boolean;
  autoFocus?: boolean;
}

/** Ticker typeahead, notes, form types, NEW_LISTINGS block, upgrade banner and the add button. */
export function AddTickerForm(props: AddTickerFormProps) {
  const { brand, pro } = props;
  const config = BRANDS[brand];
  const uid = useId();
  const [forms, setForms] = useState<FormType[]>(() => defaultForms(brand, pro));
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, showSuccess] = useTimedMessage();
  const [pending, setPending] = useState(false);
  const [formsOpen, setFormsOpen] = useState(!props.foldForms);
  const rows = formRows(brand, pro);

  // Plan changes (login, upgrade) reset the selection to what this user may follow.
  useEffect(() => setForms(defaultForms(brand, pro)), [brand, pro]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const invalid = validateAddForm({ tickers: props.tickers, forms });
    if (invalid) return setError(invalid);
    setPending(true);
    try {
      const entries = await resolveEntries(parseTickerEntries(props.tickers), props.search);
      const overLimit = limitError({
        entries,
        existing: props.existingTickers,
        limit: props.limit,
        paidPlan: props.paidPlan,
      });
      if (overLimit) return setError(overLimit);
      const result = await props.submit({ tickers: entries, forms, notes: notes.trim() });
      const message = addSuccessMessage(result);
      showSuccess(message);
      props.onAdded?.(message);
      props.onTickersChange('');
      setNotes('');
    } catch (failure) {
      setError(addErrorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  const errorId = `${uid}-error`;
  const newListings = (
    <NewListingsBlock
      pro={pro}
      checked={forms.includes('NEW_LISTINGS')}
      onChange={(on) =>
        setForms((current) => (on ? [...current, 'NEW_LISTINGS'] : current.filter((f) => f !== 'NEW_LISTINGS')))
      }
    />
  );
  return (
    <form className="add-form" onSubmit={onSubmit} noValidate aria-label="Add tickers">
      <div className="field">
        <label htmlFor={`${uid}-tickers`}>Tickers or company names</label>
        <TickerTypeahead
          id={`${uid}-tickers`}
          value={props.tickers}
          onChange={(value) => {
            // A message about the entries just edited no longer applies: the field stops reading as invalid.
            setError(null);
            props.onTickersChange(value);
          }}
          search={props.search}
          describedBy={`${uid}-tickers-help${error ? ` ${errorId}` : ''}`}
          invalid={Boolean(error)}
          autoFocus={props.autoFocus}
        />
        <p id={`${uid}-tickers-help`} className="field__help">
          Separate several with commas. Names longer than 5 letters are looked up.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${uid}-notes`}>
          Notes <span className="muted">(optional)</span>
        </label>
        <textarea
          id={`${uid}-notes`}
          className="input"
          rows={2}
          maxLength={500}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          placeholder="Why you follow it, price targets…"
        />
      </div>
      <fieldset className="field form-types-field">
        <legend id={`${uid}-forms-caption`}>Form types</legend>
        {formsOpen ? (
          <FormTypesTable rows={rows} selected={forms} onChange={setForms} captionId={`${uid}-forms-caption`} />
        ) : (
          <p className="field__help">
            Following {forms.join(', ')}.{' '}
            <button type="button" className="link-btn" onClick={() => setFormsOpen(true)}>
              Choose form types
            </button>
          </p>
        )}
      </fieldset>
      {pro && newListings}
      <ErrorBox id={errorId}>{error}</ErrorBox>
      <SuccessBox>{success}</SuccessBox>
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? COPY.adding : 'Add to Watchlist'}
      </button>
      {/* Tab order field -> forms -> Add (issue 28): what a free plan cannot use comes after the button. */}
      {!pro && newListings}
      {!pro && config.forms.primaryForm && props.onShowAllChange && (
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={Boolean(props.showAll)}
            aria-checked={Boolean(props.showAll)}
            onChange={(event) => props.onShowAllChange?.(event.target.checked)}
          />
          <span className="switch__track" aria-hidden="true" />
          <span>
            <strong>{COPY.tryPro}</strong>: show all filings on my cards, not only{' '}
            {config.forms.primaryForm === '4' ? 'Form 4' : config.forms.primaryForm}
          </span>
        </label>
      )}
      {!pro && (
        <div className="upgrade-banner" data-upsell="add-form">
          <span>
            <strong>PRO</strong> unlocks every form type, {PRO_TICKER_LIMIT} tickers and real-time alerts.
          </span>
          <Link to="/upgrade" className="btn btn-upgrade btn-sm">
            Upgrade
          </Link>
        </div>
      )}
    </form>
  );
}
