import { describe, expect, it } from 'vitest';
import { latencyReason, type Receipt } from './latency-receipt';

const receipt = (accepted: string, detected: string, via: string): Receipt => ({
  accepted_at: accepted,
  detected_at: detected,
  listed_after: null,
  stored_at: detected,
  detected_via: via,
});
const HELD = 'Filed after 17:30 ET: EDGAR held it until its 06:00 release the next business day.';

describe('latencyReason: EDGAR held it only when it was seen at or after the next 06:00 release', () => {
  it('says held for a filing accepted at 18:40 ET and seen at 06:00:41 ET the next business day', () => {
    expect(latencyReason(receipt('2026-11-24T23:40:12Z', '2026-11-25T11:00:41Z', 'feed_deep'))).toBe(HELD);
  });

  it('says held over a weekend: accepted Friday 19:10 ET, seen Monday 06:01 ET', () => {
    expect(latencyReason(receipt('2026-11-21T00:10:00Z', '2026-11-23T11:01:00Z', 'feed'))).toBe(HELD);
  });

  it('gives the layer\'s reason for one seen after midnight but before any release (was "held" when the test ran at 14:03 ET)', () => {
    // Accepted 23:59:30 ET, found by the full-text sweep 212.5 s later, at 00:03:02 ET the next day.
    expect(latencyReason(receipt('2026-11-29T04:59:30Z', '2026-11-29T05:03:02.500Z', 'efts'))).toBe(
      "Not listed in EDGAR's latest-filings feed in time; found by the full-text search sweep.",
    );
  });

  it('is not held when accepted before 17:30 ET, whenever it was seen', () => {
    expect(latencyReason(receipt('2026-11-24T21:00:00Z', '2026-11-25T12:00:00Z', 'feed_deep'))).not.toBe(HELD);
  });
});
