import { AppError } from '#shared/app-error';
import type { BrandId } from '#shared/brands';
import { COPY } from '#shared/copy';
import { IMPORTANCE_RANK, importanceFromRank, type Importance } from '#shared/importance';
import { hasBillingIssue, isPro, tickerLimitFor } from '#shared/plans';
import type { Db } from '../../db/client';
import { rescheduleBriefRows } from '../alerts/digest.repo';
import { isOptedOut } from './opt-out.repo';
import * as accounts from './account.repo';
import type { UserRow } from './session.repo';

export type Channel = 'email' | 'sms';

/** Settings of one user (GET/POST /api/profile, auth.profile). Times are local to timeZone. */
export interface Profile {
  email: string | null;
  phone: string | null;
  emailVerified: boolean;
  phoneVerified: boolean;
  /** The phone replied STOP: no texts until START. */
  smsOptedOut: boolean;
  brand: BrandId;
  timeZone: string;
  notifications: {
    channels: Channel[];
    digest: boolean;
    digestHour: number;
    quietHours: { start: string; end: string } | null;
  };
  alertThresholds: { email: Importance; sms: Importance };
  /** Where filings below the email threshold go, and the pre-market brief (time in New York). */
  routing: { digestBelowThreshold: boolean; briefEnabled: boolean; briefTime: string };
  createdAt: string;
  lastLoginAt: string | null;
  /** The plan, as the billing sync last read it from Stripe. */
  planType: string;
  planStatus: string;
  isPro: boolean;
  billingStatus: string;
  billingIssue: boolean;
  /** End of the paid period (ISO). */
  planPeriodEnd: string | null;
  /** The subscription ends at planCancelAt ("PRO until ..."); Resume undoes it. */
  cancelAtPeriodEnd: boolean;
  planCancelAt: string | null;
  addonPacks: number;
  /** An add-on change waiting for payment. */
  pendingAddonPacks: number | null;
  tickerLimit: number;
}

export interface ProfileChanges {
  timeZone?: string;
  channels?: Channel[];
  digest?: boolean;
  digestHour?: number;
  quietHours?: { start: string; end: string } | null;
  alertThresholds?: { email?: Importance; sms?: Importance };
  routing?: { digestBelowThreshold?: boolean; briefEnabled?: boolean; briefTime?: string };
}

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minuteOf = (value: string) => {
  const [h, m] = value.split(':').map(Number);
  return h! * 60 + m!;
};

export function toProfile(user: UserRow, smsOptedOut: boolean): Profile {
  const quiet =
    user.quietStartMinute != null && user.quietEndMinute != null
      ? { start: hhmm(user.quietStartMinute), end: hhmm(user.quietEndMinute) }
      : null;
  return {
    email: user.email,
    phone: user.phone,
    emailVerified: Boolean(user.email && user.emailVerifiedAt),
    phoneVerified: Boolean(user.phone && user.phoneVerifiedAt),
    smsOptedOut,
    brand: user.brand as BrandId,
    timeZone: user.timeZone,
    notifications: {
      channels: user.notifyVia.filter((c): c is Channel => c === 'email' || c === 'sms'),
      digest: user.digestEnabled,
      digestHour: user.digestHour,
      quietHours: quiet,
    },
    alertThresholds: {
      email: importanceFromRank(user.alertMinRankEmail) ?? 'LOW',
      sms: importanceFromRank(user.alertMinRankSms) ?? 'LOW',
    },
    routing: {
      digestBelowThreshold: user.digestBelowThreshold,
      briefEnabled: user.briefEnabled,
      briefTime: hhmm(user.briefMinute),
    },
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    planType: user.planType,
    planStatus: user.planStatus,
    isPro: isPro(user),
    billingStatus: user.billingStatus,
    billingIssue: hasBillingIssue(user),
    planPeriodEnd: user.planPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: user.planType === 'pro' && user.planCancelAt != null,
    planCancelAt: user.planType === 'pro' ? (user.planCancelAt?.toISOString() ?? null) : null,
    addonPacks: user.addonPacks,
    pendingAddonPacks: user.pendingAddonPacks,
    tickerLimit: tickerLimitFor(user),
  };
}

async function profileOf(db: Db, user: UserRow): Promise<Profile> {
  return toProfile(user, user.phone ? await isOptedOut(db, { phone: user.phone }) : false);
}

export async function getProfile(db: Db, params: { userId: string }): Promise<Profile> {
  const user = await accounts.findUser(db, { userId: params.userId });
  if (!user) throw new AppError('UNAUTHORIZED', COPY.sessionNotFound, { reason: 'session_not_found' });
  return profileOf(db, user);
}

/**
 * Applies any subset of the settings (profile, notification preferences, alert thresholds:
 * the three endpoints differ only in which fields they accept). Channels need the contact.
 */
export async function updateProfile(db: Db, params: { userId: string; changes: ProfileChanges }): Promise<Profile> {
  const { changes } = params;
  const user = await db.transaction(async (tx) => {
    const current = await accounts.lockUser(tx, { userId: params.userId });
    if (!current) throw new AppError('UNAUTHORIZED', COPY.sessionNotFound, { reason: 'session_not_found' });
    if (changes.channels?.includes('email') && !current.email) {
      throw new AppError('BAD_REQUEST', 'Add an email address before choosing email alerts.', {
        reason: 'email_required',
      });
    }
    if (changes.channels?.includes('sms') && !current.phone) {
      throw new AppError('BAD_REQUEST', 'Add a phone number before choosing text alerts.', {
        reason: 'phone_required',
      });
    }
    const quiet = changes.quietHours;
    const updated = await accounts.updateUser(tx, {
      userId: current.id,
      values: {
        ...(changes.timeZone !== undefined ? { timeZone: changes.timeZone, timeZoneChosen: true } : {}),
        ...(changes.channels !== undefined ? { notifyVia: [...new Set(changes.channels)] } : {}),
        ...(changes.digest !== undefined ? { digestEnabled: changes.digest } : {}),
        ...(changes.digestHour !== undefined ? { digestHour: changes.digestHour } : {}),
        ...(quiet !== undefined
          ? {
              quietStartMinute: quiet ? minuteOf(quiet.start) : null,
              quietEndMinute: quiet ? minuteOf(quiet.end) : null,
            }
          : {}),
        ...(changes.alertThresholds?.email
          ? { alertMinRankEmail: IMPORTANCE_RANK[changes.alertThresholds.email] }
          : {}),
        ...(changes.alertThresholds?.sms ? { alertMinRankSms: IMPORTANCE_RANK[changes.alertThresholds.sms] } : {}),
        ...(changes.routing?.digestBelowThreshold !== undefined
          ? { digestBelowThreshold: changes.routing.digestBelowThreshold }
          : {}),
        ...(changes.routing?.briefEnabled !== undefined ? { briefEnabled: changes.routing.briefEnabled } : {}),
        ...(changes.routing?.briefTime !== undefined ? { briefMinute: minuteOf(changes.routing.briefTime) } : {}),
      },
    });
    // Alerts held for a brief follow its new time (or go now), in the same transaction as the change.
    if (changes.routing?.briefTime !== undefined || changes.routing?.briefEnabled !== undefined)
      await rescheduleBriefRows(tx, { userId: current.id });
    return updated;
  });
  return profileOf(db, user);
}

/**
 * The zone the browser reports, saved while the person has not picked one in settings, so the
 * digest hour and quiet hours are their local time from the first visit (issue 28).
 */
export async function saveBrowserTimeZone(
  db: Db,
  params: { userId: string; timeZone: string },
): Promise<{ saved: boolean }> {
  return { saved: await accounts.saveBrowserTimeZone(db, params) };
}
