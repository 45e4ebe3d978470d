import { useState, type FormEvent } from 'react';
import { COPY } from '#shared/copy';
import { Modal, ModalFormFooter } from '../../components/Modal';
import { errorMessage } from '../../lib/errors';
import { platformOfUrl, resolvePlatformChoice, TICKER_PLACEHOLDER, TRADING_PLATFORMS } from '#shared/trading-url';

/** 'Set Up Trading Platform': one of the brokers or a Custom URL with {TICKER}. */
export function TradingPlatformModal({
  currentUrl,
  onSave,
  onClose,
}: {
  currentUrl: string | null;
  onSave: (url: string) => Promise<void>;
  onClose: () => void;
}) {
  const initial = platformOfUrl(currentUrl);
  const [platform, setPlatform] = useState<string | null>(initial);
  const [customUrl, setCustomUrl] = useState(initial === 'custom' ? (currentUrl ?? '') : '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const choice = resolvePlatformChoice(platform, customUrl);
    if (!choice.ok) return setError(choice.error);
    setError(null);
    setSaving(true);
    try {
      await onSave(choice.url);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not save your trading platform. Please try again.'));
      setSaving(false);
    }
  };

  return (
    <Modal title={COPY.tradingModalTitle} onClose={onClose} describedBy="trading-help">
      <form onSubmit={onSubmit} noValidate>
        <p id="trading-help" className="muted">
          Trade buttons open your broker’s page for the ticker in a new tab. We never see your brokerage account.
        </p>
        <fieldset className="platform-grid">
          <legend className="visually-hidden">Trading platform</legend>
          {TRADING_PLATFORMS.map((p) => (
            <label key={p.id} className={`platform-option${platform === p.id ? ' is-selected' : ''}`}>
              <input
                type="radio"
                name="platform"
                value={p.id}
                checked={platform === p.id}
                onChange={() => setPlatform(p.id)}
              />
              <span>{p.name}</span>
            </label>
          ))}
        </fieldset>
        {platform === 'custom' && (
          <div className="field">
            <label htmlFor="custom-trading-url">Custom URL</label>
            <input
              id="custom-trading-url"
              className="input"
              type="url"
              inputMode="url"
              placeholder={`https://broker.example/trade?symbol=${TICKER_PLACEHOLDER}`}
              value={customUrl}
              onChange={(event) => setCustomUrl(event.target.value)}
              aria-describedby="custom-url-help"
            />
            <p id="custom-url-help" className="field__help">
              Put {TICKER_PLACEHOLDER} where the symbol goes. Only http:// and https:// links are accepted.
            </p>
          </div>
        )}
        <ModalFormFooter error={error} onCancel={onClose} pending={saving} label="Save" pendingLabel="Saving..." />
      </form>
    </Modal>
  );
}
