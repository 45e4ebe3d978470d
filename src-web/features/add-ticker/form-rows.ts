import { BRANDS, type BrandId } from '#shared/brands';
import { FORM_TYPES, type FormType } from '#shared/forms';

export interface FormRow {
  form: FormType;
  description: string;
  locked: boolean;
}

export type FormStatus = 'locked' | 'active' | 'off';

/**
 * The form-types table: free users see the brand's available forms and its upsell forms locked;
 * PRO users see every form. NEW_LISTINGS has its own block. The Form 4 brand lists Form 4 first.
 */
export function formRows(brand: BrandId, pro: boolean): FormRow[] {
  const { available, upsell } = BRANDS[brand].forms;
  // A paid-only brand (all filings) shows its catalogue to free users, every form locked.
  const open = BRANDS[brand].paidOnly ? [] : available;
  const rows = FORM_TYPES.filter((f) => f.value !== 'NEW_LISTINGS')
    .filter((f) => pro || available.includes(f.value) || upsell.includes(f.value))
    .map((f) => ({ form: f.value, description: f.label, locked: !pro && !open.includes(f.value) }));
  if (brand === 'form4') rows.sort((a, b) => Number(b.form === '4') - Number(a.form === '4'));
  return rows;
}

export function formStatus(row: FormRow, selected: readonly string[]): FormStatus {
  if (row.locked) return 'locked';
  return selected.includes(row.form) ? 'active' : 'off';
}

/** Checking a locked form does nothing. */
export function toggleForm(selected: readonly FormType[], row: FormRow): FormType[] {
  if (row.locked) return [...selected];
  return selected.includes(row.form) ? selected.filter((f) => f !== row.form) : [...selected, row.form];
}
