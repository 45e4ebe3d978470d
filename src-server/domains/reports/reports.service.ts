/**
 * Report diffs: a new 10-K or 10-Q compared with its comparable report (the previous 10-K; for a
 * 10-Q the same quarter a year earlier). Each report's sections are stored once (report_sections),
 * so a document is fetched from EDGAR once: the new report's primary document when the ingest did
 * not already read it, and, only when the comparable is not stored yet, the company's submissions
 * JSON (its filing index) and the comparable's primary document. Every request goes through the
 * shared EDGAR budget at the caller's priority (sweep for live ingest, bulk for backfills).
 */
import {
  REPORT_CHANGE_RULES as R,
  type ReportChangeFacts,
  type ReportDiff,
  REPORT_SECTION_TITLES,
} from '#shared/report-diff';
import type { Db } from '../../db/client';
import type { StoredSection } from '../../db/schema/reports';
import { compareReports } from '../../edgar-model/diff';
import { pickComparable, type ReportListing } from '../../edgar-model/diff/comparable';
import { type ReportSections, readSections, reportKind, type ReportKind } from '../../edgar-model/sections';
import type { EdgarClient } from '../../integrations/edgar/edgar-client';
import { accessionFolder, submissionsPath } from '../../integrations/edgar/paths';
import type { EdgarPriority } from '../../integrations/edgar/request-budget';
import { recentFilings, type SubmissionsJson } from '../../integrations/edgar/submissions';
import { queueLaterReports } from './later-reports';
import * as repo from './reports.repo';

const SEC_WWW = 'https://www.sec.gov';

export interface NewReport {
  accessionNo: string;
  cik: number;
  formType: string;
  periodOfReport: string | null;
  filedDate: string | null;
  /** File name of the primary document in the accession folder. */
  primaryDocument: string | null;
  /** What the ingest already fetched (a bare primary document in the replay, else index headers). */
  raw?: string | null;
}

function toStored(r: ReportSections): { sections: StoredSection[]; riskFactors: repo.SectionsInsert['riskFactors'] } {
  return {
    sections: r.sections.map((s) => ({
      id: s.id,
      item: s.item,
      start: s.start,
      end: s.end,
      body: s.body,
      anchor: s.anchor,
    })),
    riskFactors: r.riskFactors.map((f) => ({ heading: f.heading, category: f.category, body: f.body })),
  };
}

function fromStored(row: repo.SectionsRow): ReportSections {
  return {
    kind: row.kind as ReportKind,
    documentName: null,
    text: '',
    sections: row.sections.map((s) => ({ ...s, title: REPORT_SECTION_TITLES[s.id], anchor: s.anchor ?? null })),
    riskFactors: row.riskFactors.map((f) => ({ ...f, start: 0 })),
  };
}

const docUrl = (cik: number, accessionNo: string, doc: string | null) =>
  doc ? `${SEC_WWW}${accessionFolder(cik, accessionNo)}${doc}` : null;

/** A report's stored sections, reading (and storing) its primary document when they are not stored. */
async function sectionsOf(
  db: Db,
  client: EdgarClient,
  r: { accessionNo: string; cik: number; formType: string; periodOfReport: string | null; filedDate: string | null },
  document: { name: string | null; raw?: string | null },
  priority: EdgarPriority,
): Promise<repo.SectionsRow | null> {
  const stored = await repo.getSections(db, { accessionNo: r.accessionNo });
  if (stored) return stored;
  let read = document.raw ? readSections(document.raw, r.formType) : null;
  if (!read?.sections.length) {
    if (!document.name) return null;
    const res = await client.get(`${accessionFolder(r.cik, r.accessionNo)}${document.name}`, { priority });
    if (res.status !== 200) return null;
    read = readSections(res.text, r.formType);
  }
  const kind = reportKind(r.formType);
  if (!read || !kind) return null;
  await repo.saveSections(db, {
    accessionNo: r.accessionNo,
    cik: r.cik,
    kind,
    formType: r.formType,
    periodOfReport: r.periodOfReport,
    filedDate: r.filedDate,
    documentUrl: docUrl(r.cik, r.accessionNo, document.name),
    ...toStored(read),
  });
  return repo.getSections(db, { accessionNo: r.accessionNo });
}

/** The comparable: among stored reports first; else from the company's filing index (submissions JSON). */
async function comparableOf(
  db: Db,
  client: EdgarClient,
  report: NewReport & { periodOfReport: string },
  kind: ReportKind,
  priority: EdgarPriority,
): Promise<repo.SectionsRow | null> {
  const stored = await repo.storedReports(db, { cik: report.cik, kind });
  const own = pickComparable(kind, report.periodOfReport, stored, report.accessionNo);
  if (own) return repo.getSections(db, { accessionNo: own.accessionNo });
  const json = await client.getJson<SubmissionsJson>(`${client.dataBaseUrl}${submissionsPath(report.cik)}`, priority);
  if (!json) return null;
  const listings: ReportListing[] = recentFilings(json, '1993-01-01').map((f) => ({
    accessionNo: f.accessionNo,
    formType: f.formType,
    reportDate: f.reportDate,
    filedDate: f.filedDate,
    primaryDocument: f.primaryDocument,
  }));
  const pick = pickComparable(kind, report.periodOfReport, listings, report.accessionNo);
  if (!pick) return null;
  return sectionsOf(
    db,
    client,
    { ...pick, cik: report.cik, periodOfReport: pick.reportDate, filedDate: pick.filedDate ?? null },
    { name: pick.primaryDocument ?? null },
    priority,
  );
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * The company's usual rewritten share per judged section: its own median over its earlier diffs of
 * the same form; without that history, the median measured over the real 10-K pairs. 10-Qs have
 * no measured baseline (two real pairs are too few), so a 10-Q is judged only against the
 * company's own history.
 */
export async function usualChange(
  db: Db,
  { cik, kind, before }: { cik: number; kind: ReportKind; before: string },
): Promise<ReportChangeFacts['typical']> {
  const rows = await repo.earlierChanges(db, { cik, kind, before });
  const typical: ReportChangeFacts['typical'] = {};
  for (const id of ['risk_factors', 'legal_proceedings'] as const) {
    const own = rows
      .map((r) => (id === 'risk_factors' ? r.riskFactors : r.legal))
      .filter((v): v is number => v != null);
    if (own.length >= R.typicalMinReports) typical[id] = { share: median(own), basis: 'company', reports: own.length };
    else if (kind === '10-K')
      typical[id] = { share: R.measuredTypical[id], basis: 'measured', reports: R.measuredPairs };
  }
  return typical;
}

/** What the scorer is told about a stored report's change; null when it has no diff. */
export async function reportChangeFacts(
  db: Db,
  { accessionNo }: { accessionNo: string },
): Promise<ReportChangeFacts | null> {
  const row = await repo.getDiff(db, { accessionNo });
  if (!row?.periodOfReport) return null;
  const typical = await usualChange(db, { cik: row.cik, kind: row.kind as ReportKind, before: row.periodOfReport });
  return { diff: row.diff, typical };
}

/**
 * Compares a new periodic report with its comparable and stores the diff; null when there is
 * nothing to compare (an amendment, no period, no comparable on EDGAR).
 */
export async function compareWithPrevious(
  db: Db,
  { client, report, priority }: { client: EdgarClient; report: NewReport; priority: EdgarPriority },
): Promise<ReportDiff | null> {
  const kind = reportKind(report.formType);
  if (!kind || /\/A$/i.test(report.formType) || !report.periodOfReport) return null;
  const period = report.periodOfReport;
  const newer = await sectionsOf(db, client, report, { name: report.primaryDocument, raw: report.raw }, priority);
  if (!newer) return null;
  await queueLaterReports(db, newer, priority);
  const older = await comparableOf(db, client, { ...report, periodOfReport: period }, kind, priority);
  if (!older) return null;
  const diff: ReportDiff = compareReports(fromStored(newer), fromStored(older));
  const rewritten = (id: string) => diff.sections.find((s) => s.id === id)?.rewritten ?? null;
  await repo.saveDiff(db, {
    accessionNo: report.accessionNo,
    priorAccessionNo: older.accessionNo,
    cik: report.cik,
    kind,
    periodOfReport: period,
    priorPeriodOfReport: older.periodOfReport,
    filedDate: report.filedDate,
    priorFiledDate: older.filedDate,
    documentUrl: newer.documentUrl,
    priorDocumentUrl: older.documentUrl,
    diff,
    riskFactorsRewritten: rewritten('risk_factors'),
    legalRewritten: rewritten('legal_proceedings'),
  });
  return diff;
}
