import { useThemeMode } from './use-theme-mode';
import { Icon } from '../../components/Icon';

/** Light/dark switch in the header; the choice is a saved preference. */
export function ThemeToggle() {
  const [mode, setMode] = useThemeMode();
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
