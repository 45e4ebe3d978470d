/**
 * The editable copy of messages: short texts with named variables ({{ticker}}), never HTML. The
 * defaults live here, in code; the admin console stores edits as versions and the send path uses
 * the active one. Pure, shared by the server (validation, sending) and the web (editor, counter).
 */
import { smsLength } from './sms-segments';

export interface CopyVariable {
  name: string;
  description: string;
}

export interface CopyField {
  name: string;
  label: string;
  maxLength: number;
  /** Variables this field must use (a subject without the ticker says nothing). */
  required: string[];
  /** No line breaks (a subject is one mail header line). */
  singleLine?: boolean;
}

export interface CopyTemplate {
  id: 'alert-email' | 'burst-email' | 'alert-sms' | 'digest-email' | 'brief-email';
  name: string;
  channel: 'email' | 'sms';
  /** What one send is called: "the next {noun} uses it". */
  noun: string;
  description: string;
  variables: CopyVariable[];
  fields: CopyField[];
  defaults: Record<string, string>;
}

const FILING_VARS: CopyVariable[] = [
  { name: 'ticker', description: 'The ticker (or the company name when there is none)' },
  { name: 'company', description: 'The company name' },
  { name: 'form', description: 'The form as people say it ("Form 4")' },
  { name: 'aForm', description: 'With its article ("a Form 4")' },
  { name: 'importance', description: 'CRITICAL, HIGH, MEDIUM or LOW' },
  { name: 'oneLiner', description: 'The headline, shortened to fit' },
];

/** The digest's and the brief's variables: what the whole email holds, not one filing. */
const LIST_VARS: CopyVariable[] = [
  { name: 'brand', description: 'The brand name' },
  { name: 'date', description: 'The date it covers: "Thursday, January 9, 2025"' },
  { name: 'count', description: 'How many filings: "3"' },
  { name: 'filings', description: 'The count with its noun: "3 filings" ("1 filing")' },
  { name: 'newFilings', description: 'The same, new: "3 new filings"' },
  { name: 'tickers', description: 'The tickers, most important first: "ACFN, TSLA" (shortened past 60 characters)' },
];

const LIST_FIELDS: CopyField[] = [
  { name: 'subject', label: 'Subject line', maxLength: 200, required: ['tickers'], singleLine: true },
  { name: 'title', label: 'Heading (first line of the email)', maxLength: 300, required: [], singleLine: true },
];

export const COPY_TEMPLATES: readonly CopyTemplate[] = [
  {
    id: 'alert-email',
    name: 'Real-time alert email',
    channel: 'email',
    noun: 'alert email',
    description: 'The subject line and the opening line of a one-filing alert email (a burst has its own copy below).',
    variables: [...FILING_VARS, { name: 'name', description: 'Ticker and company: "TSLA (Tesla, Inc.)"' }],
    fields: [
      { name: 'subject', label: 'Subject line', maxLength: 200, required: ['ticker'], singleLine: true },
      {
        name: 'intro',
        label: 'Opening line (after the importance badge)',
        maxLength: 300,
        required: [],
        singleLine: true,
      },
    ],
    defaults: { subject: '{{ticker}} {{form}} · {{importance}}: {{oneLiner}}', intro: '{{name}} filed {{aForm}}' },
  },
  {
    id: 'burst-email',
    name: 'Burst alert email',
    channel: 'email',
    noun: 'burst alert',
    description:
      "The subject line and the opening line of the one email that names a company's filings made within minutes (the first filing is the lead).",
    variables: [
      ...FILING_VARS,
      { name: 'name', description: 'Ticker and company: "TSLA (Tesla, Inc.)"' },
      { name: 'count', description: 'How many filings the email names: "3"' },
    ],
    fields: [
      { name: 'subject', label: 'Subject line', maxLength: 200, required: ['ticker', 'count'], singleLine: true },
      {
        name: 'intro',
        label: 'Opening line (after the importance badge)',
        maxLength: 300,
        required: ['count'],
        singleLine: true,
      },
    ],
    defaults: {
      subject: '{{ticker}}: {{count}} filings within minutes · {{importance}}: {{oneLiner}}',
      intro: '{{name}} filed {{count}} documents within minutes',
    },
  },
  {
    id: 'alert-sms',
    name: 'Real-time alert text (SMS)',
    channel: 'sms',
    noun: 'alert text',
    description: 'The text message of an alert. The one-liner is shortened so the text stays in one segment.',
    variables: [
      ...FILING_VARS,
      { name: 'brand', description: 'The brand name' },
      { name: 'link', description: 'Short link to the filing page' },
    ],
    fields: [{ name: 'text', label: 'Text message', maxLength: 320, required: ['ticker', 'link'] }],
    defaults: { text: '{{brand}}: {{ticker}} {{importance}} {{form}}: {{oneLiner}} {{link}}' },
  },
  {
    id: 'digest-email',
    name: 'Daily digest email',
    channel: 'email',
    noun: 'daily digest',
    description: 'The subject line and the heading (also the first line of the plain text) of the daily digest.',
    variables: LIST_VARS,
    fields: LIST_FIELDS,
    defaults: {
      subject: '{{brand}} daily digest: {{newFilings}} for {{tickers}}',
      title: 'Your filings digest for {{date}}: {{newFilings}}',
    },
  },
  {
    id: 'brief-email',
    name: 'Pre-market brief email',
    channel: 'email',
    noun: 'pre-market brief',
    description: 'The subject line and the heading (also the first line of the plain text) of the pre-market brief.',
    variables: LIST_VARS,
    fields: LIST_FIELDS,
    defaults: {
      subject: '{{brand}} pre-market brief: {{filings}} since the close for {{tickers}}',
      title: 'Your pre-market brief for {{date}}: {{newFilings}} since the close',
    },
  },
];

export type CopyTemplateId = CopyTemplate['id'];
export const copyTemplate = (id: string) => COPY_TEMPLATES.find((t) => t.id === id) ?? null;

const VARIABLE = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

export const variablesIn = (text: string) => [...text.matchAll(VARIABLE)].map((m) => m[1]!);

/** Fills {{name}} with its value; validation has already refused unknown names. */
export const fillCopy = (text: string, values: Record<string, string>) =>
  text.replace(VARIABLE, (_, name: string) => values[name] ?? '');

/**
 * Sample values for SMS length checks: the longest a real send puts in each fixed variable (a
 * 5-letter ticker, "CRITICAL", a long form name, a 7-digit filing id), so a text that passes
 * here stays within one segment when sent (the one-liner is shortened to the room left).
 */
export const SMS_WORST_CASE: Record<string, string> = {
  brand: 'Insider Trades Alerts',
  ticker: 'GOOGL',
  company: 'Alphabet Inc.',
  form: 'Form 10-K/A',
  aForm: 'a Form 10-K/A',
  importance: 'CRITICAL',
  link: 'https://alerts.example.com/f/9999999',
};

/** The room a text leaves for its one-liner within one segment (negative: over before it). */
export function smsRoom(text: string, values: Record<string, string>): number {
  const fixed = smsLength(fillCopy(text, { ...values, oneLiner: '' }));
  return fixed.singleLimit - fixed.units;
}

/** Least room a one-liner keeps in a text, so an alert still says what happened. */
export const SMS_MIN_ONE_LINER = 20;

export interface CopyProblem {
  field: string;
  reason:
    | 'unknown_variable'
    | 'missing_variable'
    | 'too_long'
    | 'empty'
    | 'sms_too_long'
    | 'unknown_field'
    | 'line_break';
  message: string;
}

/** Every reason `fields` cannot be saved as `template`'s copy; empty when it can. */
export function copyProblems(template: CopyTemplate, fields: Record<string, string>): CopyProblem[] {
  const problems: CopyProblem[] = [];
  const known = new Set(template.variables.map((v) => v.name));
  for (const name of Object.keys(fields)) {
    if (!template.fields.some((f) => f.name === name))
      problems.push({ field: name, reason: 'unknown_field', message: `${template.name} has no field "${name}".` });
  }
  for (const field of template.fields) {
    const value = fields[field.name] ?? '';
    if (!value.trim()) {
      problems.push({ field: field.name, reason: 'empty', message: `${field.label} is empty.` });
      continue;
    }
    if (field.singleLine && /[\r\n]/.test(value))
      problems.push({ field: field.name, reason: 'line_break', message: `${field.label} must be one line.` });
    if (value.length > field.maxLength)
      problems.push({
        field: field.name,
        reason: 'too_long',
        message: `${field.label} is longer than ${field.maxLength} characters.`,
      });
    const used = variablesIn(value);
    for (const name of new Set(used.filter((n) => !known.has(n)))) {
      problems.push({
        field: field.name,
        reason: 'unknown_variable',
        message: `${field.label} uses {{${name}}}, which is not a variable of this template.`,
      });
    }
    for (const name of field.required.filter((n) => !used.includes(n))) {
      problems.push({ field: field.name, reason: 'missing_variable', message: `${field.label} must use {{${name}}}.` });
    }
    if (
      template.channel === 'sms' &&
      smsRoom(value, SMS_WORST_CASE) < (used.includes('oneLiner') ? SMS_MIN_ONE_LINER : 0)
    ) {
      problems.push({
        field: field.name,
        reason: 'sms_too_long',
        message: `${field.label} does not fit one SMS segment with a long ticker, form and link${used.includes('oneLiner') ? ` and ${SMS_MIN_ONE_LINER} characters of the one-liner` : ''}.`,
      });
    }
  }
  return problems;
}
