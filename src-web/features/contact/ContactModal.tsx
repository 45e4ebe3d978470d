import { useEffect, useState, type FormEvent } from 'react';
import { COPY } from '#shared/copy';
import { Modal, ModalFormFooter } from '../../components/Modal';
import { errorMessage, errorReason } from '../../lib/errors';
import { CODE_LENGTH } from '../login/login-rules';
import { ApprovalCodeField } from './ApprovalCodeField';
import type { StoredUser } from '../../lib/session';
import { validateContact, type ContactChannel } from './contact-rules';
import { Icon } from '../../components/Icon';
import { useServerUser } from '../session/SessionSync';
import { rememberAwaitingYes } from './yes-sign-out';

export interface ContactInput {
  channel: ContactChannel;
  email: string | null;
  phone: string | null;
  /** The code sent to the account's verified contact, once the server asked for it. */
  approvalCode?: string;
}

/**
 * What saving a changed contact does to alerts (auth/contacts.service.ts saveContacts): the account keeps only the
 * new contact, unverified, and alerts match only verified contacts, so the old one gets nothing from that moment.
 */
function changeNotice(channel: ContactChannel, user: StoredUser | null): string {
  const current = channel === 'email' ? user?.email : user?.phone;
  const noun = channel === 'email' ? 'email address' : 'phone number';
  return current
    ? `As soon as you save a new ${noun}, alerts stop going to ${current} and go to the new one only once it is verified.`
    : `Alerts go to the new ${noun} once it is verified.`;
}

/**
 * Add or update the alert contact: Email or Text/SMS, prefilled from the user, with the
 * re-verification warning; ends on 'Verification Email Sent!' or 'Verification Text Sent!'.
 */
export function ContactModal({
  user,
  session,
  submit,
  onDone,
  onClose,
}: {
  user: StoredUser | null;
  session: string | null;
  submit: (input: ContactInput) => Promise<void>;
  onDone: () => void;
  onClose: () => void;
}) {
  const updating = Boolean(user?.email || user?.phone);
  const [channel, setChannel] = useState<ContactChannel>(user?.phone && !user.email ? 'sms' : 'email');
  const [email, setEmail] = useState(user?.email ?? '');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<{ channel: ContactChannel; to: string } | null>(null);
  // A code approves one exact change: once the contact is edited it no longer applies.
  const asked = `${channel}\n${email}\n${phone}`;
  const [approvalFor, setApproval] = useState<{ asked: string; message: string; code: string } | null>(null);
  const approval = approvalFor?.asked === asked ? approvalFor : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateContact({ channel, value: channel === 'email' ? email : phone, session });
    if (!checked.ok) return setError(checked.error);
    if (approval && approval.code.length !== CODE_LENGTH)
      return setError(`Enter the ${CODE_LENGTH}-digit approval code.`);
    setError(null);
    setPending(true);
    try {
      await submit({
        channel,
        email: checked.email,
        phone: checked.phone,
        ...(approval ? { approvalCode: approval.code } : {}),
      });
      setSent({ channel, to: (checked.email ?? checked.phone)! });
    } catch (failure) {
      const reason = errorReason(failure);
      if (reason === 'approval_required')
        return setApproval({ asked, message: errorMessage(failure, COPY.contactFailed), code: '' });
      // An expired or used code cannot be retried: the next save sends a new one.
      if (reason === 'approval_expired') setApproval(null);
      setError(errorMessage(failure, COPY.contactFailed));
    } finally {
      setPending(false);
    }
  };

  const title = updating ? COPY.contactTitleUpdate : COPY.contactTitleAdd;
  if (sent) return <SentConfirmation sent={sent} onDone={onDone} />;

  return (
    <Modal title={title} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset className="segmented segmented--wide">
          <legend className="visually-hidden">Send alerts by</legend>
          {(['email', 'sms'] as const).map((option) => (
            <label key={option} className={channel === option ? 'is-active' : ''}>
              <input
                type="radio"
                name="contact-channel"
                value={option}
                checked={channel === option}
                onChange={() => setChannel(option)}
              />
              {option === 'email' ? 'Email' : 'Text/SMS'}
            </label>
          ))}
        </fieldset>
        <ContactField channel={channel} email={email} phone={phone} setEmail={setEmail} setPhone={setPhone} />
        {approval && (
          <ApprovalCodeField
            message={approval.message}
            value={approval.code}
            onChange={(code) => setApproval({ ...approval, code })}
          />
        )}
        {updating && (
          <p className="notice notice--warning">
            Changing your contact information requires verifying it again. {changeNotice(channel, user)}
          </p>
        )}
        <ModalFormFooter
          error={error}
          onCancel={onClose}
          pending={pending}
          label={
            approval
              ? 'Approve and send verification'
              : channel === 'email'
                ? 'Send verification email'
                : 'Send verification text'
          }
          pendingLabel="Sending..."
        />
      </form>
    </Modal>
  );
}

/** After a save: where the verification went and what to do with it. */
function SentConfirmation({ sent, onDone }: { sent: { channel: ContactChannel; to: string }; onDone: () => void }) {
  const me = useServerUser().data;
  useEffect(() => {
    // The YES will sign this browser out (by design): remember why, so the page can say so.
    if (sent.channel === 'sms' && me?.id) rememberAwaitingYes({ phone: sent.to, userId: me.id });
  }, [sent, me?.id]);
  return (
    <Modal
      title={sent.channel === 'email' ? COPY.verificationEmailSent : COPY.verificationTextSent}
      onClose={onDone}
      size="sm"
    >
      <div className="sent-confirmation">
        <p className="sent-confirmation__icon" aria-hidden="true">
          <Icon name={sent.channel === 'email' ? 'mail' : 'chat'} size="2.5rem" />
        </p>
        <p>
          {sent.channel === 'email' ? (
            <>
              We sent a verification link to <strong>{sent.to}</strong>. Click the link in that email to verify it and
              start receiving alerts.
            </>
          ) : (
            <>
              We sent a text to <strong>{sent.to}</strong>. Reply <strong>YES</strong> to verify your number and start
              receiving alerts. For your safety the YES signs this browser out; sign back in with a code texted to that
              number (this page offers it).
            </>
          )}
        </p>
        <button type="button" className="btn btn-primary btn-block" data-autofocus onClick={onDone}>
          {COPY.gotIt}
        </button>
      </div>
    </Modal>
  );
}

/** The email address or US mobile number, with a button that clears it. */
function ContactField({
  channel,
  email,
  phone,
  setEmail,
  setPhone,
}: {
  channel: ContactChannel;
  email: string;
  phone: string;
  setEmail: (value: string) => void;
  setPhone: (value: string) => void;
}) {
  return channel === 'email' ? (
    <div className="field">
      <label htmlFor="contact-email">Email address</label>
      <div className="input-row">
        <input
          id="contact-email"
          className="input"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          data-autofocus
        />
        <button type="button" className="btn btn-secondary" onClick={() => setEmail('')}>
          {COPY.clearEmail}
        </button>
      </div>
    </div>
  ) : (
    <div className="field">
      <label htmlFor="contact-phone">Mobile number</label>
      <div className="input-row">
        <input
          id="contact-phone"
          className="input"
          type="tel"
          autoComplete="tel"
          placeholder="(202) 555-0143"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          aria-describedby="sms-us-only"
          data-autofocus
        />
        <button type="button" className="btn btn-secondary" onClick={() => setPhone('')}>
          {COPY.clearPhone}
        </button>
      </div>
      <p id="sms-us-only" className="field__help">
        Text alerts are for US numbers only. Msg &amp; data rates may apply; reply STOP to opt out.
      </p>
    </div>
  );
}
