import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { apiLogin, type Credentials } from './api';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core') as typeof import('playwright-core');

export const baseUrl = () => inject('baseUrl');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export type Session = { context: BrowserContext; page: Page; problems: string[] };

/**
 * A fresh context (optionally signed in through the API) whose page records CSP violations
 * and uncaught errors, so a test can assert the app ran clean.
 */
export async function open(browser: Browser, credentials?: Credentials, viewport = { width: 1440, height: 900 }): Promise<Session> {
  const context = await browser.newContext({ viewport, locale: 'es-AR', acceptDownloads: true });
  if (credentials) {
    const [name, value] = (await apiLogin(baseUrl(), credentials)).split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseUrl(), httpOnly: true, sameSite: 'Strict' }]);
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return { context, page, problems };
}

/** Links in table cells whose text is not the size of the cell's own text (should be none); icon-only links have no text to size. */
export function linksOffSizeInTables(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('td a, td .mantine-Anchor-root'))
      .filter((link) => link.textContent!.trim() !== '')
      .filter((link) => getComputedStyle(link).fontSize !== getComputedStyle(link.closest('td')!).fontSize)
      .map((link) => `${link.textContent}: ${getComputedStyle(link).fontSize} in ${getComputedStyle(link.closest('td')!).fontSize}`),
  );
}
