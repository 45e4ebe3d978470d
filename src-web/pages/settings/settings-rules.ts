/** Digest hours in 12-hour wording, e.g. 8 -> '8:00 AM'. */
export function hourLabel(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}:00 ${suffix}`;
}

/** Time zones offered: the browser's list when available, always including the saved one. */
export function timeZoneOptions(saved: string): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  const common = [
    'America/New_York',
    'America/Chicago',
    'America/Denver',
    'America/Los_Angeles',
    'America/Anchorage',
    'Pacific/Honolulu',
    'UTC',
  ];
  return [...new Set([saved, ...common, ...supported])];
}

export const DELETE_CONFIRM_WORD = 'DELETE';

export function canConfirmDelete(typed: string): boolean {
  return typed.trim().toUpperCase() === DELETE_CONFIRM_WORD;
}
