import { useCallback, useEffect, useRef, useState } from 'react';

export const SUCCESS_CLEAR_MS = 3_000;

/** A success message that clears itself after 3 seconds (SPEC.md section 4). */
export function useTimedMessage(ms: number = SUCCESS_CLEAR_MS): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback(
    (next: string | null) => {
      window.clearTimeout(timer.current);
      setMessage(next);
      if (next) timer.current = window.setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return [message, show];
}

export const SCROLL_DELAY_MS = 200;

/** Scroll to top after 200 ms, once the new layout has rendered. */
export function scrollToTopSoon(): void {
  window.setTimeout(() => window.scrollTo({ top: 0, behavior: 'smooth' }), SCROLL_DELAY_MS);
}
