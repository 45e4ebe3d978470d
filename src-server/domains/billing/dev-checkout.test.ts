import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/app';

/**
 * The test checkout's pages (no STRIPE_SECRET_KEY, not production) are styled: the CSP allows
 * inline <style> only with the response's nonce, so a page whose sheet lacks it showed unstyled.
 */
describe('test checkout pages', async () => {
  const { url } = await startTestApp();

  it("carry the response's style nonce on their style sheet", async () => {
    const response = await fetch(`${url}/dev/checkout/cs_test_missing`);
    expect(response.status).toBe(404);
    const csp = response.headers.get('content-security-policy') ?? '';
    const nonce = /style-src [^;]*'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    expect(html).toContain('No such checkout');
    expect(html).toContain(`<style nonce="${nonce}">`);
  });
});
