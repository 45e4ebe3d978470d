import { describe, expect, it } from 'vitest';
import { copyProblems, copyTemplate, fillCopy } from './message-copy';
import { smsLength } from './sms-segments';

describe('smsLength', () => {
  it('counts GSM-7 texts against 160, then 153 per segment', () => {
    expect(smsLength('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1, singleLimit: 160 });
    expect(smsLength('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153 });
    expect(smsLength('a'.repeat(306)).segments).toBe(2);
    expect(smsLength('a'.repeat(307)).segments).toBe(3);
  });
  it('counts extension characters as two septets', () => {
    expect(smsLength('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsLength(`${'a'.repeat(159)}[`).segments).toBe(2);
  });
  it('one character outside GSM-7 makes the whole text UCS-2: 70, then 67', () => {
    expect(smsLength(`${'a'.repeat(69)}’`)).toMatchObject({
      encoding: 'UCS-2',
      units: 70,
      segments: 1,
      singleLimit: 70,
    });
    expect(smsLength(`${'a'.repeat(70)}’`)).toMatchObject({ segments: 2, perSegment: 67 });
    expect(smsLength('📈'.repeat(35)).units).toBe(70);
  });
  it('an empty text costs nothing', () => {
    expect(smsLength('').segments).toBe(0);
  });
});

describe('message copy', () => {
  const sms = copyTemplate('alert-sms')!;
  const email = copyTemplate('alert-email')!;
  it('the code defaults pass their own checks', () => {
    expect(copyProblems(sms, sms.defaults)).toEqual([]);
    expect(copyProblems(email, email.defaults)).toEqual([]);
    for (const id of ['digest-email', 'brief-email'])
      expect(copyProblems(copyTemplate(id)!, copyTemplate(id)!.defaults)).toEqual([]);
  });
  it("the digest and the brief take list variables, not one filing's", () => {
    const digest = copyTemplate('digest-email')!;
    expect(
      copyProblems(digest, { subject: '{{ticker}} {{tickers}}', title: '{{oneLiner}}' }).map((p) => [
        p.field,
        p.reason,
      ]),
    ).toEqual([
      ['subject', 'unknown_variable'],
      ['title', 'unknown_variable'],
    ]);
    expect(copyProblems(digest, { subject: '{{count}} filings', title: 'x' }).map((p) => p.reason)).toEqual([
      'missing_variable',
    ]);
  });
  it('refuses unknown and missing variables, unknown fields and texts that cannot fit one segment', () => {
    expect(copyProblems(email, { subject: '{{tickr}} filed', intro: 'x' }).map((p) => p.reason)).toEqual([
      'unknown_variable',
      'missing_variable',
    ]);
    expect(copyProblems(email, { subject: '{{ticker}}', intro: 'x', body: 'y' }).map((p) => p.reason)).toEqual([
      'unknown_field',
    ]);
    // A subject is one header line: a line break could start another header.
    expect(
      copyProblems(email, { subject: '{{ticker}}\r\nBcc: x@example.com', intro: 'x' }).map((p) => p.reason),
    ).toEqual(['line_break']);
    expect(copyProblems(sms, { text: '{{ticker}} {{oneLiner}}' }).map((p) => p.reason)).toEqual(['missing_variable']);
    expect(
      copyProblems(sms, { text: `{{ticker}} ${'x'.repeat(100)} {{oneLiner}} {{link}}` }).map((p) => p.reason),
    ).toEqual(['sms_too_long']);
    // The same words fit as GSM-7; one curly quote makes them UCS-2 (70) and they no longer do.
    expect(copyProblems(sms, { text: `{{ticker}} ' ${'x'.repeat(30)} {{oneLiner}} {{link}}` })).toEqual([]);
    expect(
      copyProblems(sms, { text: `{{ticker}} ’ ${'x'.repeat(30)} {{oneLiner}} {{link}}` }).map((p) => p.reason),
    ).toEqual(['sms_too_long']);
  });
  it('fills variables by name', () => {
    expect(fillCopy('{{ ticker }} filed {{aForm}}', { ticker: 'TSLA', aForm: 'a Form 4' })).toBe('TSLA filed a Form 4');
  });
});
