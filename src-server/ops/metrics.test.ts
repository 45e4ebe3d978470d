import { describe, expect, it } from 'vitest';
import { chatClientFromEnv } from '../integrations/llm/chat-client';
import { startTestApp } from '../test/app';
import { startLlmPeer } from '../test/peers/llm';
import { Metrics } from './metrics';

const TOKEN = 'metrics-token-0123456789';
const llmPeer = await startLlmPeer(() => 'A short analysis.');
const metrics = { current: undefined as Metrics | undefined };
const { url, deps } = await startTestApp({
  env: { METRICS_TOKEN: TOKEN, LLM_BASE_URL: llmPeer.baseUrl },
  customise: (d) => {
    metrics.current = new Metrics(d.db);
    return { ...d, metrics: metrics.current, llm: metrics.current.instrumentChatClient(chatClientFromEnv(d.env)!) };
  },
});

const scrape = (token?: string) =>
  fetch(`${url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /metrics', () => {
  it('is not there without the bearer token (404, like an unknown path), nor with a wrong one', async () => {
    expect((await scrape()).status).toBe(404);
    expect((await scrape('metrics-token-wrong-000000')).status).toBe(404);
  });

  it('serves Prometheus text: HTTP latency by route pattern, queue depth, live sockets, LLM calls', async () => {
    await fetch(`${url}/api/tickers?q=tesla`);
    await fetch(`${url}/api/ticker/TSLA`);
    await fetch(`${url}/nothing-here-${Date.now()}`, { method: 'POST' });
    await deps.llm!.complete([{ role: 'user', content: 'Summarise' }]);
    const response = await scrape(TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/tickers",status_code="200"\} 1/,
    );
    // Route patterns, not raw URLs: one series for every ticker.
    expect(text).toContain('route="/api/ticker/:ticker"');
    expect(text).not.toContain('TSLA');
    expect(text).toContain('route="unmatched"');
    expect(text).toMatch(/llm_calls_total\{outcome="ok"\} 1/);
    expect(text).toContain('llm_call_duration_seconds_bucket');
    expect(text).toMatch(/^live_subscriptions 0$/m);
    expect(text).toMatch(/^websocket_connections 0$/m);
    expect(text).toContain('# TYPE job_queue_depth gauge');
    expect(text).toContain('# TYPE alert_latency_seconds histogram');
    expect(text).toContain('# TYPE edgar_polls_total counter');
    expect(text).toContain('# TYPE filings_ingested_total counter');
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('observes alert stages and feed detection as histograms by stage and channel', async () => {
    metrics.current!.observeStage('stored_to_sent', 'email', new Date(Date.now() - 1500));
    metrics.current!.observeDetection(new Date(Date.now() - 30_000).toISOString(), new Date());
    const text = await (await scrape(TOKEN)).text();
    expect(text).toMatch(/alert_latency_seconds_count\{stage="stored_to_sent",channel="email"\} 1/);
    expect(text).toMatch(/edgar_detection_lag_seconds_count 1/);
  });
});
