import { COPY } from '#shared/copy';

/** The generic error screen of SPEC.md section 2. */
export function ErrorScreen({ onRetry }: { onRetry?: () => void }) {
  return (
    <main className="error-screen" role="alert">
      <h1>{COPY.errorTitle}</h1>
      <p>{COPY.errorText}</p>
      <div className="error-screen__actions">
        <button type="button" className="btn btn-primary" onClick={onRetry ?? (() => window.location.reload())}>
          {COPY.errorTryAgain}
        </button>
        <a className="btn btn-secondary" href="/">
          {COPY.errorGoHome}
        </a>
      </div>
    </main>
  );
}
