import { useThemeMode } from './use-theme-mode';
import { Icon } from '../../components/Icon';

/** Light/dark switch in the header (from System it picks the other of what shows); a saved preference. */
export function ThemeToggle() {
  const [, setMode, shown] = useThemeMode();
  const mode = shown;
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-btn theme-toggle"
      aria-label={`Switch to ${next} theme`}
      aria-pressed={mode === 'dark'}
      title={`Switch to ${next} theme`}
      onClick={() => setMode(next)}
    >
      <Icon name={mode === 'dark' ? 'sun' : 'moon'} size="1.1rem" />
    </button>
  );
}
