import { z } from 'zod';
import { text } from '#shared/input';
import { IMPORTANCE_LEVELS } from '#shared/importance';
import { LOGIN_CODE_LENGTH } from '#shared/phone';

/** Inputs of the auth and contacts endpoints, shared by REST and tRPC. Unknown fields are refused. */

const token = text().min(1).max(200);
/** REST bodies may carry the session (SPEC.md section 7); it must match X-Session when both are sent. */
const bodySession = { session: token.nullish() };

export const identifierInput = text().trim().min(1, 'Please enter your email or phone').max(254);
const code = text().regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`), `The code is exactly ${LOGIN_CODE_LENGTH} digits`);

export const loginInput = z.object({ identifier: identifierInput }).strict();
export const verifyCodeInput = z
  .object({ identifier: identifierInput, code, previousSession: token.nullish() })
  .strict();
export const verifyLinkInput = z.object({ token: text().min(20).max(200) }).strict();
export const previewLinkInput = z
  .object({ token: text().min(20).max(200), purpose: z.enum(['login', 'verify_email']) })
  .strict();
export const linkQuery = z.object({ token: text().min(20).max(200) });

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The browser's own zone (Intl), saved while the person has not picked one (auth.browserTimeZone). */
export const browserTimeZoneInput = z
  .object({ timeZone: text().max(64).refine(isTimeZone, 'Use an IANA time zone such as America/New_York') })
  .strict();

const channel = z.enum(['email', 'sms']);
const clock = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use 24-hour HH:MM');
const importance = z.enum(IMPORTANCE_LEVELS);

const preferenceFields = {
  timeZone: text().max(64).refine(isTimeZone, 'Use an IANA time zone such as America/New_York'),
  channels: z.array(channel).max(2),
  digest: z.boolean(),
  digestHour: z.number().int().min(0).max(23),
  quietHours: z
    .object({ start: clock, end: clock })
    .strict()
    .refine((q) => q.start !== q.end, 'Quiet hours need different start and end times')
    .nullable(),
  /** Lower-importance filings (below the email threshold) to the daily digest; the pre-market brief and its New York time. */
  routing: z
    .object({
      digestBelowThreshold: z.boolean(),
      briefEnabled: z.boolean(),
      briefTime: clock.refine((t) => t < '09:30', 'The brief goes out before the 09:30 ET open'),
    })
    .partial()
    .strict(),
};
const thresholdFields = { email: importance, sms: importance };

export const notificationPreferencesInput = z.object(preferenceFields).partial().strict();
export const alertThresholdsInput = z
  .object(thresholdFields)
  .partial()
  .strict()
  .refine((t) => t.email || t.sms, 'Give a threshold for email, sms or both');
export const profileInput = z
  .object({ ...preferenceFields, alertThresholds: z.object(thresholdFields).partial().strict() })
  .partial()
  .strict();

const contactFields = {
  email: text().max(254).nullish(),
  phone: text().max(32).nullish(),
};
/** Adding a contact to an account with a verified one: the code sent to that verified contact. */
const approvalCode = code.optional();
export const notifyInput = z
  .object({ ...contactFields, notifyVia: z.array(channel).max(2).optional(), approvalCode })
  .strict();
export const notifyRestInput = z
  .object({
    ...bodySession,
    ...contactFields,
    notify_via: z.array(channel).max(2).optional(),
    approval_code: approvalCode,
  })
  .strict();

const secondaryFields = { email: text().min(1).max(254).optional(), phone: text().min(1).max(32).optional() };
const exactlyOne = (v: { email?: string; phone?: string }) => (v.email === undefined) !== (v.phone === undefined);
const exactlyOneMessage = 'Send exactly one of email or phone';
export const secondaryContactInput = z
  .object({ ...secondaryFields, approvalCode })
  .strict()
  .refine(exactlyOne, exactlyOneMessage);
export const secondaryContactRestInput = z
  .object({ ...bodySession, ...secondaryFields, approval_code: approvalCode })
  .strict()
  .refine(exactlyOne, exactlyOneMessage);

export const deleteAccountInput = z.object({ confirm: z.boolean().optional() }).strict();
export const sessionOnlyInput = z.object(bodySession).strict();

/** REST variants: the same fields plus the optional body session. */
export const rest = {
  logout: sessionOnlyInput,
  deleteAccount: z.object({ ...bodySession, confirm: z.boolean().optional() }).strict(),
  profile: profileInput.extend(bodySession),
  notificationPreferences: notificationPreferencesInput.extend(bodySession),
  alertThresholds: z
    .object({ ...bodySession, ...thresholdFields })
    .partial()
    .strict()
    .refine((t) => t.email || t.sms, 'Give a threshold for email, sms or both'),
};
