/** Reads a file, or fetches a URL through the EDGAR client (sec.gov needs EDGAR_USER_AGENT). */
import { readFileSync } from 'node:fs';
import { loadEnv } from '../src-server/config/env';
import { EdgarClient } from '../src-server/integrations/edgar/edgar-client';
import { sharedRateLimiter } from '../src-server/integrations/edgar/rate-limiter';

export async function readSource(target: string): Promise<string> {
  if (!/^https?:\/\//.test(target)) return readFileSync(target, 'utf8');
  const env = loadEnv();
  const isSec = /(^|\.)sec\.gov$/.test(new URL(target).hostname);
  if (isSec && !env.EDGAR_USER_AGENT)
    throw new Error("set EDGAR_USER_AGENT='Company Name contact@domain' to fetch from sec.gov");
  const client = new EdgarClient({
    baseUrl: target,
    dataBaseUrl: target,
    userAgent: env.EDGAR_USER_AGENT ?? 'filing-alerts edgar-parse local@localhost.invalid',
    limiter: sharedRateLimiter(env.EDGAR_RATE_PER_SECOND),
  });
  const res = await client.get(target);
  if (res.status !== 200) throw new Error(`${target}: not found`);
  return res.text;
}
