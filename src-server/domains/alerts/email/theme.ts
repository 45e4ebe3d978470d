/**
 * Email palette: mid-tone colours that read on white and survive the dark-mode inversion of Gmail
 * and Outlook (no pure black or white text on colour, badge text white on a colour with at least
 * 4.5:1 contrast, backgrounds set with bgcolor too). Inline styles only: Gmail drops <style> blocks
 * in some clients and Outlook ignores most of them.
 */
import type { Importance } from '#shared/importance';

export const PALETTE = {
  page: '#eef1f5',
  card: '#ffffff',
  text: '#1f2937',
  muted: '#4b5563',
  border: '#d7dce3',
  brand: '#1d4ed8',
  button: '#1d4ed8',
  buttonText: '#ffffff',
  secondary: '#374151',
  tableHead: '#f3f4f6',
} as const;

/** Badge colours, white text on each: contrast 5.9 (red), 5.2 (orange), 4.9 (amber), 7.5 (gray). */
export const BADGE: Record<Importance, string> = {
  CRITICAL: '#b91c1c',
  HIGH: '#c2410c',
  MEDIUM: '#a16207',
  LOW: '#4b5563',
};

export const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
