import type { ReactNode } from 'react';
import { useContactModal } from '../../features/contact/use-contact-modal';

export interface ProfileContacts {
  email: string | null;
  phone: string | null;
  emailVerified: boolean;
  phoneVerified: boolean;
  smsOptedOut: boolean;
}

function Status({ verified, optedOut }: { verified: boolean; optedOut?: boolean }): ReactNode {
  if (optedOut) return <span className="status-pill status-pill--warn">Opted out (STOP)</span>;
  return verified ? (
    <span className="status-pill status-pill--ok">Verified</span>
  ) : (
    <span className="status-pill status-pill--pending">Not verified</span>
  );
}

/** Email and phone with their verification state; changes go through the contact modal. */
export function ContactSection({ profile, onChanged }: { profile: ProfileContacts; onChanged: () => void }) {
  const contact = useContactModal(onChanged);
  const hasContact = Boolean(profile.email || profile.phone);
  return (
    <section id="contact" className="settings-section" aria-labelledby="contact-title">
      <h2 id="contact-title">Contact details</h2>
      <dl className="contact-list">
        <div>
          <dt>Email</dt>
          <dd>
            {profile.email ? (
              <>
                {profile.email} <Status verified={profile.emailVerified} />
              </>
            ) : (
              <span className="muted">Not set</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Mobile (US)</dt>
          <dd>
            {profile.phone ? (
              <>
                {profile.phone} <Status verified={profile.phoneVerified} optedOut={profile.smsOptedOut} />
              </>
            ) : (
              <span className="muted">Not set</span>
            )}
          </dd>
        </div>
      </dl>
      {((profile.email && !profile.emailVerified) || (profile.phone && !profile.phoneVerified)) && (
        <p className="notice notice--warning">
          Alerts go only to verified contacts. Click the link in our email or reply YES to our text; use the button
          below to send a new one.
        </p>
      )}
      <button type="button" className="btn btn-secondary" onClick={contact.open}>
        {hasContact ? 'Change or re-verify contact' : 'Add contact'}
      </button>
      {contact.modal}
    </section>
  );
}
