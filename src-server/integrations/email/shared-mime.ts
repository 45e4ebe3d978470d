/**
 * One MIME body for a message many recipients get with one value of their own in it (a popular
 * filing's alert: the same render, each watcher's unsubscribe token). nodemailer quoted-printable
 * encodes the text and html of every message it sends; here that is done once per render and
 * token shape, and each message is the recipient's own header block (built by nodemailer, as a
 * per-recipient send builds it: To, Message-ID, Date, List-Unsubscribe) over the shared body with
 * the recipient's value put in. Decision 331.
 *
 * Why the bytes are those nodemailer would build: the body is built with a stand-in of the
 * value's exact shape (same length, dots where the value has dots, letters elsewhere).
 * Quoted-printable writes letters, digits, `-`, `_` and dots as they are, and its soft line breaks depend
 * only on whether a character is a space or `.,!?` (never on which letter it is), so the value
 * lands where the stand-in was, split by the same soft breaks. That is checked once per body
 * against a full build for the first recipient; a body that fails it (or whose parts went out
 * as base64) is not shared: every message then goes through nodemailer whole.
 */
import { randomBytes } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import type { MailMessage } from './mailer';

type SharedBody = NonNullable<MailMessage['sharedBody']>;

/** The message's own fields: everything but the shared text and html. */
export type OwnFields = Pick<Mail.Options, 'from' | 'to' | 'subject' | 'headers' | 'messageId' | 'date'>;

interface Body {
  boundary: string;
  text: string | undefined;
  html: string | undefined;
  /** The body around the stand-in's occurrences: pieces.length = occurrences + 1. */
  pieces: string[];
  /** For each occurrence, the value's character indices followed by a soft line break (`=\r\n`). */
  breaks: number[][];
}

/** Values shared bodies are kept for: tokens are `<uuid>.<channel>.<signature>`, nothing a MIME encoder escapes. */
const PLAIN_VALUE = /^[\w.-]{1,200}$/;
/** The stand-in's letters: word characters that no rendered text would hold in this order. */
const SEED = 'Zq7XvK3mWj9QpL2tYb8NcR4sHd6FgT5w';
const SOFT_BREAK = '=\r\n';
/** Bodies kept per template: one per shape of value (tokens of one channel have one shape). */
const SHAPES_KEPT = 4;

const bodies = new WeakMap<object, Map<string, Promise<Body | null>>>();

/** A stand-in of `value`'s shape: its length, its dots where they are, seed letters elsewhere. */
function standInFor(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) out += value[i] === '.' ? '.' : SEED[i % SEED.length];
  return out;
}

const shapeOf = (value: string) => value.replace(/[^.]/g, 'x');

function compose(own: OwnFields, text: string | undefined, html: string | undefined, boundary: string) {
  return new MailComposer({ ...own, text, html, baseBoundary: boundary } as Mail.Options).compile();
}

/** The message's bytes (nodemailer's MIME is 7-bit: latin1 is byte for byte). */
async function built(own: OwnFields, text: string | undefined, html: string | undefined, boundary: string) {
  return (await compose(own, text, html, boundary).build()).toString('latin1');
}

const bodyOf = (message: string) => message.slice(message.indexOf('\r\n\r\n') + 4);

function occurrences(haystack: string | undefined, needle: string): number {
  return haystack ? haystack.split(needle).length - 1 : 0;
}

/** The stand-in's places in the encoded body, each possibly split by soft line breaks. */
function cut(body: string, standIn: string): Pick<Body, 'pieces' | 'breaks'> {
  const chars = [...standIn].map((c) => c.replace('.', '\\.'));
  const pattern = new RegExp(chars.join('(?:=\\r\\n)?'), 'g');
  const pieces: string[] = [];
  const breaks: number[][] = [];
  let from = 0;
  for (const match of body.matchAll(pattern)) {
    pieces.push(body.slice(from, match.index));
    const at: number[] = [];
    for (let i = 0, c = 0; i < match[0].length; c++) {
      i += 1;
      if (match[0].startsWith(SOFT_BREAK, i)) {
        at.push(c);
        i += SOFT_BREAK.length;
      }
    }
    breaks.push(at);
    from = match.index + match[0].length;
  }
  pieces.push(body.slice(from));
  return { pieces, breaks };
}

function fill(body: Body, value: string): string {
  let out = body.pieces[0]!;
  for (let k = 0; k < body.breaks.length; k++) {
    let last = 0;
    for (const c of body.breaks[k]!) {
      out += value.slice(last, c + 1) + SOFT_BREAK;
      last = c + 1;
    }
    out += value.slice(last) + body.pieces[k + 1]!;
  }
  return out;
}

async function buildBody(own: OwnFields, shared: SharedBody): Promise<Body | null> {
  const { template, standIn, value } = shared;
  const shaped = standInFor(value);
  const text = template.text.replaceAll(standIn, shaped);
  const html = template.html?.replaceAll(standIn, shaped);
  if (
    occurrences(text, shaped) + occurrences(html, shaped) !==
    occurrences(template.text, standIn) + occurrences(template.html, standIn)
  )
    return null;
  const boundary = randomBytes(8).toString('hex');
  const at = new Date();
  const found = cut(bodyOf(await built({ ...own, date: at }, text, html, boundary)), shaped);
  const body: Body = { boundary, text, html, ...found };
  if (body.breaks.length !== occurrences(text, shaped) + occurrences(html, shaped)) return null;
  // Handed to nodemailer as a string: only 7-bit bytes read back as the bytes they were.
  if (body.pieces.some((piece) => Buffer.byteLength(piece) !== piece.length)) return null;
  // The first recipient's message built whole, and from the shared body: the same bytes, or no sharing.
  const own1 = { ...own, date: at };
  const whole = await built(
    own1,
    template.text.replaceAll(standIn, value),
    template.html?.replaceAll(standIn, value),
    boundary,
  );
  return whole === assemble(own1, body, value) ? body : null;
}

function assemble(own: OwnFields, body: Body, value: string): string {
  return `${compose(own, body.text, body.html, body.boundary).buildHeaders()}\r\n\r\n${fill(body, value)}`;
}

/**
 * The message as nodemailer would build it, from a body shared with the template's other
 * recipients; null when it cannot be shared (the caller sends it whole).
 */
export async function sharedRaw(own: OwnFields, shared: SharedBody): Promise<string | null> {
  if (!PLAIN_VALUE.test(shared.value)) return null;
  const shapes = bodies.get(shared.template) ?? new Map<string, Promise<Body | null>>();
  bodies.set(shared.template, shapes);
  const shape = shapeOf(shared.value);
  let body = shapes.get(shape);
  if (!body) {
    if (shapes.size >= SHAPES_KEPT) return null;
    body = buildBody(own, shared).catch(() => null);
    shapes.set(shape, body);
  }
  const ready = await body;
  return ready && assemble(own, ready, shared.value);
}
