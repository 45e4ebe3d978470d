import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { ErrorBox } from '../../components/Notice';
import { THEMES } from '#shared/preferences';
import { useThemeMode } from '../../features/session/use-theme-mode';
import { platformOfUrl, TRADING_PLATFORMS } from '#shared/trading-url';
import { useTrade } from '../../features/trading/use-trade';
import { errorMessage } from '../../lib/errors';
import { STORAGE_KEYS, clearAllClientStorage, writeStorage } from '../../lib/storage';
import { trpc } from '../../lib/trpc';
import { canConfirmDelete, DELETE_CONFIRM_WORD } from './settings-rules';

export function TradingSection({ url, save }: { url: string | null; save: (url: string) => Promise<void> }) {
  const trading = useTrade(url, save);
  const platform = platformOfUrl(url);
  const name = TRADING_PLATFORMS.find((p) => p.id === platform)?.name;
  return (
    <section id="trading" className="settings-section" aria-labelledby="trading-title">
      <h2 id="trading-title">Trading platform</h2>
      <p>
        {name ? (
          <>
            Trade buttons open <strong>{name}</strong>
            {platform === 'custom' && url ? (
              <>
                {' '}
                (<code>{url}</code>)
              </>
            ) : null}
            .
          </>
        ) : (
          'No platform yet: the first Trade click asks you to choose one.'
        )}
      </p>
      <button type="button" className="btn btn-secondary" onClick={trading.openSetup}>
        {name ? 'Change platform' : 'Set up platform'}
      </button>
      {trading.modal}
    </section>
  );
}

const THEME_LABELS = { system: 'System', light: 'Light', dark: 'Dark' } as const;

/** Appearance: System (follows the device's light or dark setting, the default), Light or Dark. */
export function ThemeSection() {
  const [mode, setMode] = useThemeMode();
  return (
    <section id="theme" className="settings-section" aria-labelledby="theme-title">
      <h2 id="theme-title">Appearance</h2>
      <fieldset className="segmented">
        <legend className="visually-hidden">Theme</legend>
        {THEMES.map((option) => (
          <label key={option} className={mode === option ? 'is-active' : ''}>
            <input
              type="radio"
              name="theme"
              value={option}
              checked={mode === option}
              onChange={() => setMode(option)}
            />
            {THEME_LABELS[option]}
          </label>
        ))}
      </fieldset>
    </section>
  );
}

export function DeleteAccountSection() {
  const queryClient = useQueryClient();
  const remove = trpc.auth.deleteAccount.useMutation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onDelete = async () => {
    setError(null);
    try {
      await remove.mutateAsync({ confirm: true });
      queryClient.clear();
      clearAllClientStorage();
      writeStorage(STORAGE_KEYS.loggingOut, '1');
      window.location.assign('/');
    } catch (failure) {
      setError(errorMessage(failure, 'Could not delete your account. Please try again.'));
    }
  };
  return (
    <section id="delete-account" className="settings-section settings-section--danger" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete account</h2>
      <p>Removes your watchlist, preferences, contacts and alert history at once. This cannot be undone.</p>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        Delete my account
      </button>
      {open && (
        <Modal title="Delete your account?" size="sm" onClose={() => setOpen(false)} describedBy="delete-warning">
          <p id="delete-warning">
            Everything is deleted immediately: watchlist, preferences, contacts and alert history.
          </p>
          <div className="field">
            <label htmlFor="delete-confirm">Type {DELETE_CONFIRM_WORD} to confirm</label>
            <input
              id="delete-confirm"
              className="input"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              data-autofocus
            />
          </div>
          <ErrorBox>{error}</ErrorBox>
          <div className="modal__actions">
            <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
              Keep my account
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={!canConfirmDelete(typed) || remove.isPending}
              onClick={() => void onDelete()}
            >
              {remove.isPending ? 'Deleting...' : 'Delete permanently'}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
