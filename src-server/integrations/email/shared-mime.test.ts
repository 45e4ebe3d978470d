/** A shared MIME body with each recipient's value put in decodes to that recipient's own text and html. */
import { randomBytes } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { sharedRaw } from './shared-mime';

const STAND_IN = 'stand-in-7d1e';
const own = (to: string) => ({ from: 'Alerts <alerts@alerts.example>', to, subject: 'Form 4', messageId: '<m@x>' });
const token = () => `${crypto.randomUUID()}.email.${randomBytes(32).toString('base64url').replace(/^[-_]/, 'a')}`;

describe('sharedRaw', () => {
  it('puts each value where the stand-in was, across soft line breaks at every offset', async () => {
    // The stand-in after prefixes of every length from 0 to 90: quoted-printable breaks lines at
    // 76, so the value (86 characters) is split at every place a line can end.
    const lines = Array.from({ length: 91 }, (_, n) => `${'a'.repeat(n)}${STAND_IN} é, ok.`);
    const template = {
      text: lines.join('\n'),
      html: `<p>${lines.map((l) => `<a href="https://x.example/u/${l}">${l}</a>`).join('<br>')}</p>`,
    };
    for (let i = 0; i < 12; i++) {
      const value = token();
      const raw = await sharedRaw(own(`r${i}@example.com`), { template, standIn: STAND_IN, value });
      expect(raw).not.toBeNull();
      expect(raw!.split(/\r?\n/).every((line) => line.length <= 76)).toBe(true);
      const parsed = await simpleParser(raw!);
      expect(parsed.text).toBe(template.text.replaceAll(STAND_IN, value));
      expect(parsed.html).toBe(template.html.replaceAll(STAND_IN, value));
      expect((parsed.to as { text: string }).text).toBe(`r${i}@example.com`);
    }
  });

  it('shares nothing when the value is not plain characters or the parts go out as base64', async () => {
    const template = { text: `unsubscribe: ${STAND_IN}`, html: undefined };
    expect(await sharedRaw(own('a@example.com'), { template, standIn: STAND_IN, value: 'a b' })).toBeNull();
    const cyrillic = { text: `${'Ѐ'.repeat(400)} ${STAND_IN}`, html: undefined };
    expect(await sharedRaw(own('a@example.com'), { template: cyrillic, standIn: STAND_IN, value: token() })).toBeNull();
  });
});
