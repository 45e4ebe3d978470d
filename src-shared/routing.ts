/**
 * Where an alert goes and why, shared by the matcher (which stores the route code on the alert),
 * the messages (which say it) and the settings page (which explains the defaults).
 */
import { importanceFromRank } from './importance';

export const ROUTES = [
  'realtime_email',
  'realtime_sms',
  'realtime_push',
  'brief',
  'brief_sent',
  'digest',
  'digest_below',
] as const;
export type Route = (typeof ROUTES)[number];

/** A new account's routing (existing accounts keep what they had: migrations 0019-0020). */
export const ROUTING_DEFAULTS = {
  emailMinRank: 3,
  smsMinRank: 4,
  digestBelowThreshold: true,
  briefEnabled: true,
  briefMinute: 480,
} as const;

export interface RouteSettings {
  emailMinRank: number;
  smsMinRank: number;
  /** Web push (issue #31); absent where only email and text matter. */
  pushMinRank?: number;
}

const level = (rank: number) => importanceFromRank(rank) ?? 'LOW';
const andUp = (rank: number) => (rank >= 4 ? 'CRITICAL only' : `${level(rank)} and up`);

/** The routing rule in words, as the alert's footer and the receipt show it. */
export function routeRule(route: string | null, s: RouteSettings): string {
  switch (route) {
    case 'realtime_email':
      return `Email at once: your email alerts are set to ${andUp(s.emailMinRank)}.`;
    case 'realtime_sms':
      return `Text at once: your text alerts are set to ${andUp(s.smsMinRank)}.`;
    case 'realtime_push':
      return `Push at once: your push alerts are set to ${andUp(s.pushMinRank ?? 3)}.`;
    case 'brief':
      return 'Pre-market brief: filed between the close and 09:30 ET, so it waited for your morning brief (CRITICAL filings never wait).';
    case 'brief_sent':
      return "Email at once: this morning's pre-market brief had already gone out when it arrived.";
    case 'digest_below':
      return `Daily digest: below your real-time email level (${andUp(s.emailMinRank)}), so it waited for your digest.`;
    case 'digest':
      return 'Daily digest: new filings of your watchlist arrive once a day on the free plan.';
    default:
      return 'Sent by your alert settings.';
  }
}
