/** Steps the admin browser journeys share: sign in through /admin/login, open a section, check a screen. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { createSession, toUserDto } from '#server/domains/auth/session.service';
import type { BrowserHarness } from './harness';

/** A signed-in admin's browser on /admin (the login page exchanges the session for the admin bearer). */
export async function signInAsAdmin(
  harness: BrowserHarness,
  user: Parameters<typeof toUserDto>[0] & { id: string },
): Promise<Page> {
  const { token: session } = await createSession(harness.deps.db, { userId: user.id });
  const page = await harness.newPage({
    width: 1360,
    storage: { session, 'auth-user': JSON.stringify(toUserDto(user)) },
  });
  await page.goto(`${harness.url}/admin/login`);
  await page.getByRole('button', { name: 'Open the admin area' }).click();
  await page.waitForURL(`${harness.url}/admin`);
  return page;
}

/** Opens a section from the admin navigation and waits for its heading. */
export async function openSection(page: Page, label: string) {
  await page.getByRole('navigation').getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { name: label, level: 1 }).waitFor();
}

/** Saves a screenshot and asserts no serious accessibility violation. */
export async function checkedScreen(harness: BrowserHarness, page: Page, name: string) {
  await harness.screenshot(page, name);
  expect(await harness.seriousA11yViolations(page)).toEqual([]);
}
