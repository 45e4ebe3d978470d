import { useEffect, useState, type FormEvent } from 'react';
import { ErrorBox, SuccessBox } from '../../components/Notice';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useTimedMessage } from '../../lib/use-timed-message';
import {
  ChannelsFieldset,
  DigestFieldset,
  type NotificationProfile,
  QuietHoursFieldset,
  RoutingFieldset,
} from './NotificationFieldsets';

/** Channels, per-channel minimum importance, daily digest and its hour, quiet hours, time zone. */
export function NotificationsSection({
  profile,
  pro,
  onSaved,
}: {
  profile: NotificationProfile;
  pro: boolean;
  onSaved: () => void;
}) {
  const update = trpc.auth.updateProfile.useMutation();
  const [draft, setDraft] = useState(profile);
  const [quiet, setQuiet] = useState(Boolean(profile.notifications.quietHours));
  const [error, setError] = useState<string | null>(null);
  const [saved, showSaved] = useTimedMessage();
  useEffect(() => {
    setDraft(profile);
    setQuiet(Boolean(profile.notifications.quietHours));
  }, [profile]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await update.mutateAsync({
        timeZone: draft.timeZone,
        channels: draft.notifications.channels,
        digest: draft.notifications.digest,
        digestHour: draft.notifications.digestHour,
        quietHours: quiet ? (draft.notifications.quietHours ?? { start: '22:00', end: '07:00' }) : null,
        alertThresholds: draft.alertThresholds,
        routing: draft.routing,
      });
      showSaved('Notification settings saved.');
      onSaved();
    } catch (failure) {
      setError(errorMessage(failure, 'Could not save your notification settings. Please try again.'));
    }
  };

  return (
    <section id="notifications" className="settings-section" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      <form onSubmit={onSubmit} noValidate>
        <ChannelsFieldset draft={draft} setDraft={setDraft} profile={profile} pro={pro} />
        <RoutingFieldset draft={draft} setDraft={setDraft} />
        <DigestFieldset draft={draft} setDraft={setDraft} savedTimeZone={profile.timeZone} />
        <QuietHoursFieldset draft={draft} setDraft={setDraft} quiet={quiet} setQuiet={setQuiet} />
        <ErrorBox>{error}</ErrorBox>
        <SuccessBox>{saved}</SuccessBox>
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save notification settings'}
        </button>
      </form>
    </section>
  );
}
