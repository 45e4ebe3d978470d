/**
 * Prometheus metrics of one process (prom-client), served at GET /metrics behind METRICS_TOKEN.
 * Each process has its own registry (tests build several apps in one process); counters and
 * histograms are fed where the work happens, gauges that mirror the database are read at scrape.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql as dsql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { ChatClient } from '../integrations/llm/chat-client';

/** Alert pipeline stages (the same names as `npm run alerts:latency`). */
export type AlertStage =
  | 'detected_to_stored'
  | 'stored_to_queued'
  | 'stored_to_sent'
  | 'detected_to_sent'
  | 'stored_to_pushed';

const LATENCY_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600];

export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route pattern (not by raw URL), method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly edgarPolls = new Counter({
    name: 'edgar_polls_total',
    help: 'EDGAR latest-filings feed polls by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly edgarDetectionLag = new Histogram({
    name: 'edgar_detection_lag_seconds',
    help: "From EDGAR's acceptance time to our detection of the filing in the feed",
    buckets: [1, 5, 10, 20, 30, 60, 120, 300, 900, 3600],
    registers: [this.registry],
  });
  readonly ingested = new Counter({
    name: 'filings_ingested_total',
    help: 'Filings through the ingest job (fetch, parse, score, store) by source and outcome',
    labelNames: ['source', 'status'] as const,
    registers: [this.registry],
  });
  readonly alertLatency = new Histogram({
    name: 'alert_latency_seconds',
    help: 'Alert pipeline latency by stage (detected, stored, queued, sent, pushed) and channel',
    labelNames: ['stage', 'channel'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly llmCalls = new Counter({
    name: 'llm_calls_total',
    help: 'Chat-completion calls to the LLM by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly llmDuration = new Histogram({
    name: 'llm_call_duration_seconds',
    help: 'Chat-completion call duration',
    buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 60],
    registers: [this.registry],
  });
  private lastPollAt: number | null = null;
  /** Read at scrape time; the app fills them in when it is built (metricsPlugin). */
  readonly sources: { liveSubscribers?: () => number; websockets?: () => number } = {};

  constructor(db?: Db) {
    collectDefaultMetrics({ register: this.registry });
    const self = this;
    const sources = this.sources;
    new Gauge({
      name: 'edgar_poll_age_seconds',
      help: 'Seconds since the last successful EDGAR feed poll of this process (absent before the first)',
      registers: [this.registry],
      collect() {
        if (self.lastPollAt !== null) this.set((Date.now() - self.lastPollAt) / 1000);
      },
    });
    new Gauge({
      name: 'live_subscriptions',
      help: 'Live filing subscriptions (PRO dashboards) served by this process',
      registers: [this.registry],
      collect() {
        this.set(sources.liveSubscribers?.() ?? 0);
      },
    });
    new Gauge({
      name: 'websocket_connections',
      help: 'Open websocket connections to this process',
      registers: [this.registry],
      collect() {
        this.set(sources.websockets?.() ?? 0);
      },
    });
    if (db) {
      new Gauge({
        name: 'job_queue_depth',
        help: 'Jobs in the queue by task and state (ready: due and unlocked; running: locked; scheduled: due later; failed: out of attempts)',
        labelNames: ['task', 'state'] as const,
        registers: [this.registry],
        async collect() {
          const rows = await db.execute<{ task: string; state: string; n: number }>(dsql`
            select task_identifier as task,
              case when attempts >= max_attempts then 'failed' when locked_at is not null then 'running'
                   when run_at > now() then 'scheduled' else 'ready' end as state,
              count(*)::int as n
            from graphile_worker.jobs group by 1, 2`);
          this.reset();
          for (const r of rows) this.set({ task: r.task, state: r.state }, r.n);
        },
      });
    }
  }

  /** A feed poll that fetched and read the feed. */
  pollSucceeded(): void {
    this.lastPollAt = Date.now();
    this.edgarPolls.inc({ outcome: 'ok' });
  }

  /** A new filing in the feed: EDGAR's acceptance time to our detection. */
  observeDetection(acceptedAt: string | null | undefined, detectedAt: Date): void {
    if (!acceptedAt) return;
    const seconds = (detectedAt.getTime() - new Date(acceptedAt).getTime()) / 1000;
    if (Number.isFinite(seconds) && seconds >= 0) this.edgarDetectionLag.observe(seconds);
  }

  observeStage(
    stage: AlertStage,
    channel: string,
    from: Date | string | null | undefined,
    to: Date | string = new Date(),
  ): void {
    if (!from) return;
    const seconds = (new Date(to).getTime() - new Date(from).getTime()) / 1000;
    if (Number.isFinite(seconds) && seconds >= 0) this.alertLatency.observe({ stage, channel }, seconds);
  }

  /** Real-time alerts the provider accepted: stored -> sent and detected -> sent, read from their rows in one query. */
  async alertsSent(db: Db, alertIds: number[]): Promise<void> {
    if (alertIds.length === 0) return;
    const rows = await db.execute<{
      channel: string;
      sent_at: string;
      stored_at: string;
      detected_at: string | null;
    }>(dsql`
      select case when a.channel like 'hook:%' then 'webhook' else a.channel end as channel, a.sent_at::text,
        f.stored_at::text, f.detected_at::text
      from alerts a join filings f on f.id = a.filing_id
      where a.id = any(${dsql.param(alertIds)}::int8[]) and a.sent_at is not null`);
    for (const row of rows) {
      this.observeStage('stored_to_sent', row.channel, row.stored_at, row.sent_at);
      this.observeStage('detected_to_sent', row.channel, row.detected_at, row.sent_at);
    }
  }

  /** The LLM client with every call counted and timed. */
  instrumentChatClient(client: ChatClient): ChatClient {
    return {
      ...client,
      complete: async (messages, options) => {
        const end = this.llmDuration.startTimer();
        try {
          const text = await client.complete(messages, options);
          this.llmCalls.inc({ outcome: 'ok' });
          return text;
        } catch (error) {
          this.llmCalls.inc({ outcome: 'error' });
          throw error;
        } finally {
          end();
        }
      },
      // The assistant's function-calling turns (analysis goes through complete above).
      chat: async (request) => {
        const end = this.llmDuration.startTimer();
        try {
          const result = await client.chat(request);
          this.llmCalls.inc({ outcome: 'ok' });
          return result;
        } catch (error) {
          this.llmCalls.inc({ outcome: 'error' });
          throw error;
        } finally {
          end();
        }
      },
    };
  }
}
