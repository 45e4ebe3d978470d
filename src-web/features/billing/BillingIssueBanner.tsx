import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { useAuth } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/** Stripe is retrying a failed renewal: PRO is still on, and the user is asked to fix the card. */
export function BillingIssueBanner() {
  const auth = useAuth();
  const portal = trpc.billing.portal.useMutation();
  const [error, setError] = useState<string | null>(null);
  if (!auth.user?.billingIssue) return null;
  const fix = async () => {
    setError(null);
    try {
      const { url } = await portal.mutateAsync({ flow: 'payment_method_update' });
      window.location.assign(url);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not open billing. Please try again.'));
    }
  };
  return (
    <div className="billing-issue" role="alert">
      <span>
        <strong>Your last payment did not go through.</strong> PRO stays on while we retry; update your card to keep it.
        {error && <> {error}</>}
      </span>
      <button type="button" className="btn btn-danger btn-sm" disabled={portal.isPending} onClick={() => void fix()}>
        {portal.isPending ? 'Opening...' : 'Update card'}
      </button>
    </div>
  );
}
