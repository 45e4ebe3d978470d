import type { OnboardingStep } from '#shared/brands';
import { Link } from 'react-router';

const STEP_TEXT: Record<OnboardingStep, string> = {
  contact: 'Add an email or phone for alerts',
  tickers: 'Add the tickers you follow',
  forms: 'Pick the filing types',
  preferences: 'Set alert channels and digest time',
};

/** The brand's onboarding steps as a checklist: every step is optional and nothing blocks. */
export function OnboardingChecklist({
  steps,
  done,
  onContact,
}: {
  steps: OnboardingStep[];
  done: Partial<Record<OnboardingStep, boolean>>;
  onContact: () => void;
}) {
  return (
    <aside className="onboarding" aria-labelledby="onboarding-title">
      <h2 id="onboarding-title">Get set up</h2>
      <ol className="onboarding__steps">
        {steps.map((step) => (
          <li key={step} className={done[step] ? 'is-done' : undefined}>
            <span className="onboarding__mark" aria-hidden="true">
              {done[step] ? '✓' : ''}
            </span>
            <span className="onboarding__text">
              {STEP_TEXT[step]}
              {done[step] && <span className="visually-hidden"> (done)</span>}
            </span>
            {!done[step] && step === 'contact' && (
              <button type="button" className="link-btn" onClick={onContact}>
                Add
              </button>
            )}
            {!done[step] && step === 'preferences' && <Link to="/settings#notifications">Open</Link>}
          </li>
        ))}
      </ol>
      <p className="muted">Every step is optional — skip any of them and come back later.</p>
    </aside>
  );
}
