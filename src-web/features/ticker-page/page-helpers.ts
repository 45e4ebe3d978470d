import { useEffect } from 'react';
import { errorReason } from '../../lib/errors';

/** One retry for a failed load, none for "not found" (it will not change). */
export function notFoundRetry(failures: number, error: unknown): boolean {
  const reason = errorReason(error);
  return failures < 1 && reason !== 'ticker_not_found' && reason !== 'insider_not_found';
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
