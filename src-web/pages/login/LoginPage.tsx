import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { COPY } from '#shared/copy';
import { currentBrandConfig } from '../../brand/current-brand';
import { Modal } from '../../components/Modal';
import { ErrorBox } from '../../components/Notice';
import { PageShell } from '../../components/PageShell';
import {
  canSubmitCode,
  CODE_LENGTH,
  detectedLabel,
  normaliseCodeInput,
  sendCodeError,
  verifyCodeError,
} from '../../features/login/login-rules';
import { storeLogin, useAuth } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/** Sign in: email or phone; a phone gets a 6-digit code (step 2), an email a link (modal). */
export default function LoginPage() {
  const brand = currentBrandConfig();
  const auth = useAuth();
  const uid = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = trpc.auth.login.useMutation();
  const verify = trpc.auth.verifyCode.useMutation();
  const [step, setStep] = useState<'contact' | 'verify'>('contact');
  const [identifier, setIdentifier] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [emailSent, setEmailSent] = useState(false);
  const detected = detectedLabel(identifier);
  // "Text me a sign-in code" (after a YES signed this browser out): the number is known, send at once.
  const handoff = useLocation().state as { identifier?: string; send?: boolean } | null;
  const sentOnArrival = useRef(false);
  useEffect(() => {
    if (sentOnArrival.current || !handoff?.send || !handoff.identifier) return;
    sentOnArrival.current = true;
    setIdentifier(handoff.identifier);
    login.mutateAsync({ identifier: handoff.identifier }).then(
      (result) => {
        if (result.method === 'sms') setStep('verify');
      },
      (failure: unknown) => setError(sendCodeError(failure)),
    );
  }, [handoff, login]);

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!identifier.trim()) return setError('Please enter your email or phone');
    try {
      const result = await login.mutateAsync({ identifier: identifier.trim() });
      if (result.method === 'sms') {
        setCode('');
        setStep('verify');
      } else setEmailSent(true);
    } catch (failure) {
      setError(sendCodeError(failure));
    }
  };

  const verifyCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitCode(code)) return;
    setError(null);
    try {
      const result = await verify.mutateAsync({ identifier: identifier.trim(), code, previousSession: auth.session });
      if (!result.session) return setError(COPY.loginNoSession);
      storeLogin({ session: result.session, user: result.user });
      queryClient.removeQueries();
      void navigate('/watchlist', { replace: true });
    } catch (failure) {
      setError(verifyCodeError(failure));
    }
  };

  return (
    <PageShell className="content-page auth-page">
      <div className="auth-card">
        {step === 'contact' ? (
          <form onSubmit={sendCode} noValidate>
            <h1>Sign in to {brand.brandName}</h1>
            <p className="muted">
              No password: we send you a link by email or a code by text. Your current watchlist is kept.
            </p>
            <div className="field">
              <label htmlFor={`${uid}-id`}>Email or phone</label>
              <input
                id={`${uid}-id`}
                className="input input-lg"
                type="text"
                inputMode="email"
                autoComplete="username"
                placeholder="you@example.com or (202) 555-0143"
                value={identifier}
                onChange={(event) => setIdentifier(event.target.value)}
                aria-describedby={`${uid}-detected`}
                // biome-ignore lint/a11y/noAutofocus: the sign-in page has one task and this is its field
                autoFocus
              />
              <p id={`${uid}-detected`} className="field__help detected" aria-live="polite">
                {detected ?? 'Text codes are sent to US numbers only.'}
              </p>
            </div>
            <ErrorBox>{error}</ErrorBox>
            <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={login.isPending}>
              {login.isPending ? 'Sending...' : COPY.sendVerificationCode}
            </button>
          </form>
        ) : (
          <form onSubmit={verifyCode} noValidate>
            <button
              type="button"
              className="back-link"
              onClick={() => {
                setStep('contact');
                setError(null);
              }}
            >
              <span aria-hidden="true">←</span> Use a different email or phone
            </button>
            <h1>Enter your code</h1>
            <p className="muted">
              We texted a {CODE_LENGTH}-digit code to <strong>{identifier}</strong>. It expires in 10 minutes.
            </p>
            <div className="field">
              <label htmlFor={`${uid}-code`}>Verification code</label>
              <input
                id={`${uid}-code`}
                className="input input-lg code-input"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={CODE_LENGTH}
                value={code}
                onChange={(event) => setCode(normaliseCodeInput(event.target.value))}
                // biome-ignore lint/a11y/noAutofocus: the sign-in page has one task and this is its field
                autoFocus
              />
            </div>
            <ErrorBox>{error}</ErrorBox>
            <button
              type="submit"
              className="btn btn-primary btn-block btn-lg"
              disabled={!canSubmitCode(code) || verify.isPending}
            >
              {verify.isPending ? 'Verifying...' : COPY.verifyAndSignIn}
            </button>
          </form>
        )}
        <p className="auth-card__foot muted">
          By signing in you accept the <Link to="/terms">Terms</Link> and <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </div>
      {emailSent && (
        <Modal title={COPY.checkEmail} size="sm" onClose={() => setEmailSent(false)}>
          <p>
            We sent a login link to <strong>{identifier.trim()}</strong>. Open it on this device to sign in; it works
            once and expires in 15 minutes.
          </p>
          <div className="modal__actions">
            <button type="button" className="btn btn-primary" data-autofocus onClick={() => setEmailSent(false)}>
              OK
            </button>
          </div>
        </Modal>
      )}
    </PageShell>
  );
}
