/** The admin area's view of alert delivery: the dead-letter list, requeueing, latency. */
import type { Db } from '../../db/client';
import * as repo from './alerts-admin.repo';

export interface DeadAlertDto {
  id: number;
  channel: string;
  attempts: number;
  lastError: string | null;
  errorCode: string | null;
  createdAt: string;
  updatedAt: string;
  user: { id: string; email: string | null; phone: string | null };
  filing: { id: number; ticker: string | null; form: string; importance: string; oneLiner: string };
}

const iso = (value: string | Date) => new Date(value).toISOString();

export async function listDeadAlerts(db: Db, { limit, beforeId }: { limit: number; beforeId?: number | null }) {
  const rows = await repo.listDead(db, { limit, beforeId: beforeId ?? null });
  const alerts: DeadAlertDto[] = rows.map((r) => ({
    id: Number(r.id),
    channel: r.channel,
    attempts: r.attempts,
    lastError: r.last_error,
    errorCode: r.error_code,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    user: { id: r.user_id, email: r.email, phone: r.phone },
    filing: {
      id: Number(r.filing_id),
      ticker: r.ticker,
      form: r.form_type,
      importance: r.importance,
      oneLiner: r.one_liner,
    },
  }));
  return { alerts, nextBeforeId: alerts.length === limit ? alerts.at(-1)!.id : null };
}

export async function retryDeadAlerts(db: Db, { ids }: { ids: number[] }): Promise<{ requeued: number }> {
  return { requeued: await repo.requeueDead(db, { ids }) };
}

export interface LatencyStage {
  stage: string;
  channel: string;
  count: number;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
}

const round = (v: number | null) => (v == null ? null : Math.round(Number(v)));

export async function alertLatency(
  db: Db,
  { hours }: { hours: number },
): Promise<{ hours: number; stages: LatencyStage[] }> {
  const rows = await repo.latency(db, { hours });
  return {
    hours,
    stages: rows.map((r) => ({
      stage: r.stage,
      channel: r.channel,
      count: r.count,
      p50Ms: round(r.p50_ms),
      p95Ms: round(r.p95_ms),
      p99Ms: round(r.p99_ms),
    })),
  };
}
