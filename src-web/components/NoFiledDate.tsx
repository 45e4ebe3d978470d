import { FILED_DATE_NOT_RECORDED } from '#shared/filed-date';

/**
 * In place of a filing's date when none is recorded (a bare report kept at its period end, whose filed_at only
 * orders lists): no date rather than a wrong one (decision 369).
 */
export function NoFiledDate() {
  return <span className="muted">{FILED_DATE_NOT_RECORDED}</span>;
}
