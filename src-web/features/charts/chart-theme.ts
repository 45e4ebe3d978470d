import { useSyncExternalStore } from 'react';

/** The colours charts draw with, read from the stylesheet's variables for the current theme. */
export interface ChartColours {
  text: string;
  muted: string;
  grid: string;
  border: string;
  surface: string;
  line: string;
  importance: Record<'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW', string>;
  /** For several series on one chart. */
  palette: string[];
}

/** '#1d4ed8' at 30% -> 'rgba(29, 78, 216, 0.3)'; colours that are not hex stay as they are. */
export function withAlpha(colour: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!hex) return colour;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'style'] });
  return () => observer.disconnect();
}

const themeKey = () =>
  `${document.documentElement.dataset.theme ?? 'light'}|${document.documentElement.getAttribute('style') ?? ''}`;

function readChartColours(): ChartColours {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const dark = document.documentElement.dataset.theme === 'dark';
  const line = dark ? v('--brand-accent', '#0ea5e9') : v('--brand-primary', '#1d4ed8');
  return {
    text: v('--text', '#101828'),
    muted: v('--text-muted', '#536071'),
    grid: v('--surface-3', '#e6ebf2'),
    border: v('--border', '#dde3ec'),
    surface: v('--surface', '#ffffff'),
    line,
    importance: {
      CRITICAL: v('--imp-red', '#d92d20'),
      HIGH: v('--imp-orange', '#c4320a'),
      MEDIUM: v('--imp-yellow', '#a15c07'),
      LOW: v('--imp-gray', '#475467'),
    },
    palette: [
      line,
      v('--imp-orange', '#c4320a'),
      v('--success', '#067647'),
      v('--imp-red', '#d92d20'),
      v('--text-muted', '#536071'),
    ],
  };
}

/** Chart colours that follow the light/dark switch. */
export function useChartColours(): ChartColours {
  const key = useSyncExternalStore(subscribe, themeKey, () => 'light|');
  return cachedColours(key);
}

let cache: { key: string; colours: ChartColours } | null = null;
function cachedColours(key: string): ChartColours {
  if (cache?.key !== key) cache = { key, colours: readChartColours() };
  return cache.colours;
}
