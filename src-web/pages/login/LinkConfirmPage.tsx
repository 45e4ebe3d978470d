import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorBox } from '../../components/Notice';
import { PageShell } from '../../components/PageShell';
import { errorMessage } from '../../lib/errors';
import { storeLogin } from '../../lib/session';
import { trpc } from '../../lib/trpc';

type Purpose = 'login' | 'verify_email';

/**
 * The token arrives in the fragment (never sent to a server); it is read once and wiped from the
 * URL. It is kept for the page's path, because the page can mount again after the wipe (the lazy
 * route resolving), and a second read of the cleaned URL would find no token.
 */
let taken: { path: string; token: string } | null = null;
function takeToken(): string | null {
  const path = window.location.pathname;
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (window.location.hash) window.history.replaceState(null, '', path);
  if (token) taken = { path, token };
  return token ?? (taken?.path === path ? taken.token : null);
}

const TEXT = {
  login: { title: 'Sign in', question: (a: string) => `Sign in as ${a}?`, button: 'Sign in', pending: 'Signing in...' },
  verify_email: {
    title: 'Confirm your email',
    question: (a: string) => `Confirm ${a} for alerts?`,
    button: 'Confirm email',
    pending: 'Confirming...',
  },
} as const;

/**
 * Where an emailed link lands (/login/link, /verify-email): it says which account the link is
 * for and acts only on the click, a same-origin POST. Opening someone else's link therefore
 * signs nobody in by surprise, and a mail scanner that fetches the link uses nothing up.
 */
function LinkConfirm({ purpose }: { purpose: Purpose }) {
  const text = TEXT[purpose];
  const [token] = useState(takeToken);
  const preview = trpc.auth.previewLink.useMutation();
  const signIn = trpc.auth.verifyLink.useMutation();
  const verify = trpc.auth.verifyEmail.useMutation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(
    token ? null : 'This link is incomplete. Open it again from the email.',
  );
  const asked = useRef(false);

  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    preview.mutate(
      { token, purpose },
      { onError: (failure) => setError(errorMessage(failure, 'This link did not work.')) },
    );
  }, [token, purpose, preview]);

  const confirm = async () => {
    if (!token) return;
    setError(null);
    try {
      const result = purpose === 'login' ? await signIn.mutateAsync({ token }) : await verify.mutateAsync({ token });
      storeLogin({ session: result.session, user: result.user });
      queryClient.removeQueries();
      void navigate(purpose === 'login' ? '/watchlist' : '/?verified=email', { replace: true });
    } catch (failure) {
      setError(errorMessage(failure, 'This link did not work.'));
    }
  };

  const pending = signIn.isPending || verify.isPending;
  return (
    <PageShell className="content-page auth-page">
      <div className="auth-card">
        <h1>{preview.data ? text.question(preview.data.account) : text.title}</h1>
        {preview.data && (
          <>
            <p className="muted">
              {purpose === 'login'
                ? 'Only continue if you asked for this link. Your current watchlist on this device is kept.'
                : 'Alerts will go to this address. For your security, other devices signed in to this account are signed out.'}
            </p>
            <button
              type="button"
              className="btn btn-primary btn-block btn-lg"
              onClick={() => void confirm()}
              disabled={pending}
            >
              {pending ? text.pending : text.button}
            </button>
          </>
        )}
        {!preview.data && !error && <p className="muted">Checking the link...</p>}
        <ErrorBox>{error}</ErrorBox>
        <p className="auth-card__foot muted">
          Not you? <Link to="/">Go to the homepage</Link> or <Link to="/login">sign in another way</Link>.
        </p>
      </div>
    </PageShell>
  );
}

export function LoginLinkPage() {
  return <LinkConfirm purpose="login" />;
}

export function VerifyEmailPage() {
  return <LinkConfirm purpose="verify_email" />;
}
