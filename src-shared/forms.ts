/** The form-type catalogue of SPEC.md section 3 and the mapping from EDGAR form names to it. */
export const FORM_TYPES = [
  { value: '8-K', label: 'material events and news' },
  { value: '4', label: 'insider trades' },
  { value: '10-Q', label: 'quarterly financials' },
  { value: '10-K', label: 'annual financials' },
  { value: '13D', label: '5%+ ownership stakes' },
  { value: '13G', label: 'passive 5%+ ownership' },
  { value: '13F', label: 'institutional holdings' },
  { value: 'DEF 14A', label: 'proxy statements' },
  { value: '3', label: 'initial insider ownership' },
  { value: '5', label: 'annual insider summary' },
  { value: '6-K', label: 'foreign issuer reports' },
  { value: '20-F', label: 'foreign annual report' },
  { value: 'NEW_LISTINGS', label: 'IPOs and new fundraising (S-1, Form D, 424B4)', proOnly: true },
] as const;

export type FormType = (typeof FORM_TYPES)[number]['value'];
export const FORM_VALUES: readonly FormType[] = FORM_TYPES.map((f) => f.value);
export const PRO_ONLY_FORMS: readonly FormType[] = ['NEW_LISTINGS'];

export function isFormType(value: string): value is FormType {
  return (FORM_VALUES as readonly string[]).includes(value);
}

export function formLabel(value: string): string {
  return FORM_TYPES.find((f) => f.value === value)?.label ?? value;
}

/** EDGAR form names that the NEW_LISTINGS catalogue entry covers. */
export const NEW_LISTING_EDGAR_FORMS = ['S-1', 'S-1/A', 'F-1', 'F-1/A', '424B4', 'D', 'D/A'] as const;

const EDGAR_TO_CATALOGUE: Record<string, FormType> = {
  '8-K': '8-K',
  '8-K/A': '8-K',
  '8-K12B': '8-K',
  '8-K12G3': '8-K',
  '4': '4',
  '4/A': '4',
  '3': '3',
  '3/A': '3',
  '5': '5',
  '5/A': '5',
  '10-Q': '10-Q',
  '10-Q/A': '10-Q',
  'NT 10-Q': '10-Q',
  'NT 10-Q/A': '10-Q',
  '10-K': '10-K',
  '10-K/A': '10-K',
  '10-K405': '10-K',
  'NT 10-K': '10-K',
  'NT 10-K/A': '10-K',
  'SC 13D': '13D',
  'SC 13D/A': '13D',
  'SCHEDULE 13D': '13D',
  'SCHEDULE 13D/A': '13D',
  'SC 13G': '13G',
  'SC 13G/A': '13G',
  'SCHEDULE 13G': '13G',
  'SCHEDULE 13G/A': '13G',
  '13F-HR': '13F',
  '13F-HR/A': '13F',
  '13F-NT': '13F',
  '13F-NT/A': '13F',
  'DEF 14A': 'DEF 14A',
  DEFA14A: 'DEF 14A',
  DEFM14A: 'DEF 14A',
  DEFR14A: 'DEF 14A',
  '6-K': '6-K',
  '6-K/A': '6-K',
  '20-F': '20-F',
  '20-F/A': '20-F',
  'NT 20-F': '20-F',
  ...Object.fromEntries(NEW_LISTING_EDGAR_FORMS.map((f) => [f, 'NEW_LISTINGS' as const])),
  '424B1': 'NEW_LISTINGS',
};

/** The catalogue entry an EDGAR form belongs to, or undefined for forms we do not track. */
export function catalogueFormOf(edgarForm: string): FormType | undefined {
  return EDGAR_TO_CATALOGUE[edgarForm.trim().toUpperCase()];
}

/** Filter order of SPEC.md section 9: 4, 8, 8-K, 10-Q, 10-K, then alphabetical. */
const FILTER_ORDER = ['4', '8', '8-K', '10-Q', '10-K'];
export function compareFormsForFilter(a: string, b: string): number {
  const ia = FILTER_ORDER.indexOf(a);
  const ib = FILTER_ORDER.indexOf(b);
  if (ia !== -1 || ib !== -1) return (ia === -1 ? Infinity : ia) - (ib === -1 ? Infinity : ib);
  return a.localeCompare(b);
}
