/**
 * /admin/message-templates: the editable copy of messages (core/message-copy.ts), its versions,
 * saving, reverting and a preview through the send path's own renderers: the alert with a real
 * filing of the replay set, the digest and the brief with the newest stored filings.
 */
import { AppError } from '#shared/app-error';
import { COPY_TEMPLATES, copyProblems, copyTemplate, type CopyTemplate } from '#shared/message-copy';
import { BRANDS } from '#shared/brands';
import { NEW_YORK, zonedParts } from '#shared/calendar';
import { smsLength, type SmsLength } from '#shared/sms-segments';
import type { Db } from '../../db/client';
import { alertEmail, alertSms, digestEmail, type FilingFacts } from '../alerts/alert-messages';
import * as copyRepo from '../alerts/copy.repo';
import * as digestRepo from '../alerts/digest.repo';
import { digestFilings } from '../alerts/digest.service';
import { sampleBurst, sampleFilings } from '../alerts/email/templates';

function templateOr404(id: string): CopyTemplate {
  const template = copyTemplate(id);
  if (!template) throw new AppError('NOT_FOUND', 'No message template with that id.', { reason: 'template_not_found' });
  return template;
}

/** Every template with its fields, variables, code default, active version and recent versions. */
export async function listMessageTemplates(db: Db) {
  return Promise.all(
    COPY_TEMPLATES.map(async (t) => {
      const [activeVersionId, versions] = await Promise.all([
        copyRepo.activeVersionId(db, t.id),
        copyRepo.listVersions(db, t.id, 20),
      ]);
      return { ...t, activeVersionId, versions: versions.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })) };
    }),
  );
}

/** Refuses copy that cannot be sent: a 400 naming every problem, before anything is stored. */
function checkCopy(template: CopyTemplate, fields: Record<string, string>): void {
  const problems = copyProblems(template, fields);
  if (problems.length) {
    throw new AppError('BAD_REQUEST', problems.map((p) => p.message).join(' '), {
      reason: 'invalid_template',
      details: { problems },
    });
  }
}

/** Stores `fields` as the next version of a template and makes it the one that is sent. */
export async function saveMessageTemplate(
  tx: Db,
  input: { id: string; fields: Record<string, string>; adminUserId: string; reason: string | null },
) {
  const template = templateOr404(input.id);
  checkCopy(template, input.fields);
  const before = await copyRepo.activeVersionId(tx, template.id);
  const saved = await copyRepo.insertVersion(tx, {
    templateId: template.id,
    fields: input.fields,
    createdBy: input.adminUserId,
    reason: input.reason,
  });
  await copyRepo.setActive(tx, template.id, saved.id);
  return { before, after: saved };
}

/** Makes an earlier version (or, with null, the code default) the one that is sent. */
export async function revertMessageTemplate(tx: Db, input: { id: string; versionId: number | null }) {
  const template = templateOr404(input.id);
  if (input.versionId != null && !(await copyRepo.versionById(tx, template.id, input.versionId))) {
    throw new AppError('NOT_FOUND', 'This template has no version with that id.', { reason: 'version_not_found' });
  }
  const before = await copyRepo.activeVersionId(tx, template.id);
  await copyRepo.setActive(tx, template.id, input.versionId);
  return { before, after: input.versionId };
}

const SAMPLE_CTX = {
  brandName: BRANDS.form4.brandName,
  brandColor: BRANDS.form4.ui.primaryColor,
  publicUrl: 'https://alerts.example',
  timeZone: 'America/New_York',
  unsubscribeUrl: 'https://alerts.example/unsubscribe/sample',
  postalAddress: '100 Example Street, Springfield, IL 62701',
};

/** How many stored filings the digest and brief previews list. */
const PREVIEW_FILINGS = 6;

/** The newest stored filings as a digest lists them; the replay set's when none is stored yet. */
async function previewFilings(db: Db): Promise<FilingFacts[]> {
  const rows = await digestRepo.latestFilings(db, { limit: PREVIEW_FILINGS });
  return rows.length ? digestFilings(db, rows, SAMPLE_CTX.timeZone) : sampleFilings();
}

export type CopyPreview =
  | { channel: 'email'; subject: string; html: string; text: string; problems: ReturnType<typeof copyProblems> }
  | { channel: 'sms'; text: string; length: SmsLength; problems: ReturnType<typeof copyProblems> };

/**
 * The template as the send path renders it (alerts: Tesla's Wilson-Thompson Form 4 of the replay
 * set; bursts: three Tesla filings of it; digest and brief: the newest stored filings): with `fields` (a draft, not stored) or else the active copy. Problems are listed, not thrown,
 * so the editor can show them while the admin types.
 */
export async function previewMessageTemplate(
  db: Db,
  input: { id: string; fields?: Record<string, string> | null },
): Promise<CopyPreview> {
  const template = templateOr404(input.id);
  const active = (await copyRepo.activeCopies(db)).get(template.id) ?? null;
  const fields = input.fields ?? active ?? template.defaults;
  const problems = copyProblems(template, fields);
  // A draft with problems is still shown as it would read (an unknown variable reads as nothing),
  // so the counter and the admin see what is wrong; the save refuses it.
  const copy = fields;
  if (template.id === 'digest-email' || template.id === 'brief-email') {
    const kind = template.id === 'brief-email' ? 'brief' : 'digest';
    const mail = await digestEmail('reader@example.com', await previewFilings(db), {
      ...SAMPLE_CTX,
      localDate: zonedParts(new Date(), NEW_YORK).date,
      kind,
      // The digest goes to free readers (with the upgrade line), the brief to anyone who holds one.
      pro: kind === 'brief',
      copy,
    });
    return { channel: 'email', subject: mail.subject, html: mail.html ?? '', text: mail.text, problems };
  }
  // The sample's receipt: accepted at filing, detected 9 s and sent 11 s later.
  const { filing, burst } = template.id === 'burst-email' ? sampleBurst() : { filing: sampleFilings()[0]!, burst: [] };
  const facts = { ...filing, acceptedAt: filing.filedAt, detectedAt: new Date(filing.filedAt.getTime() + 9_000) };
  if (template.channel === 'sms') {
    const text = alertSms(facts, SAMPLE_CTX, { copy });
    return { channel: 'sms', text, length: smsLength(text), problems };
  }
  const routing = { route: 'realtime_email', settings: { emailMinRank: 3, smsMinRank: 4 } };
  const mail = await alertEmail('reader@example.com', facts, SAMPLE_CTX, {
    routing,
    copy,
    burst,
    sentAt: new Date(filing.filedAt.getTime() + 11_000),
  });
  return { channel: 'email', subject: mail.subject, html: mail.html ?? '', text: mail.text, problems };
}
