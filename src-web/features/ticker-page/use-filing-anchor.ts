import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The filing id a `#filing-<id>` hash names (assistant citations, SMS short links), else null. */
function filingIdOfHash(hash: string): number | null {
  const m = /^#filing-(\d{1,15})$/.exec(hash);
  return m ? Number(m[1]) : null;
}

/** How many more pages of 50 the timeline loads, at most, to reach a cited filing. */
const MAX_EXTRA_PAGES = 10;
/** How long the page keeps the cited card in view while the sections above it load and grow. */
const HOLD_MS = 5_000;

const CITED = 'tp-filing--cited';

function highlight(card: HTMLElement): void {
  for (const old of document.querySelectorAll(`.${CITED}`)) old.classList.remove(CITED);
  card.classList.add(CITED);
  card.classList.remove('tp-filing--flash');
  void card.offsetWidth;
  card.classList.add('tp-filing--flash');
}

/**
 * Keeps the card in view while the page settles: the chart, insider panel, threads and report
 * history above the timeline load on their own and push it down after the first scroll. Stops at
 * the person's first scroll, key or touch, or after HOLD_MS.
 */
function holdInView(card: HTMLElement): () => void {
  const place = () => card.scrollIntoView({ block: 'center' });
  const observer = new ResizeObserver(place);
  observer.observe(document.body);
  const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const stop = () => {
    observer.disconnect();
    for (const e of events) window.removeEventListener(e, stop);
    window.clearTimeout(timer);
  };
  for (const e of events) window.addEventListener(e, stop, { passive: true });
  const timer = window.setTimeout(stop, HOLD_MS);
  return stop;
}

/**
 * A citation lands: when the URL's hash names a filing, the timeline loads pages until its card
 * is there (a few at most), then scrolls it to the middle of the screen, highlights it and moves
 * focus to it, on a cold load as on a click within the app.
 */
export function useFilingAnchor(params: {
  ids: number[];
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => unknown;
}): void {
  const { hash } = useLocation();
  const target = filingIdOfHash(hash);
  const landed = useRef<string | null>(null);
  const extraPages = useRef(0);
  const stopHolding = useRef<(() => void) | null>(null);
  const present = target != null && params.ids.includes(target);

  useEffect(() => {
    if (target == null || landed.current === hash) return;
    if (!present) {
      if (params.hasNextPage && !params.isFetching && extraPages.current < MAX_EXTRA_PAGES) {
        extraPages.current += 1;
        void params.fetchNextPage();
      }
      return;
    }
    const card = document.getElementById(`filing-${target}`);
    if (!card) return;
    landed.current = hash;
    extraPages.current = 0;
    card.tabIndex = -1;
    card.focus({ preventScroll: true });
    card.scrollIntoView({ block: 'center' });
    highlight(card);
    stopHolding.current?.();
    stopHolding.current = holdInView(card);
  }, [hash, target, present, params.hasNextPage, params.isFetching, params.fetchNextPage]);
  useEffect(() => () => stopHolding.current?.(), []);
}
