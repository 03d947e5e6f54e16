import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { apiLogin, type Credentials } from './api';
import { launchChromium } from './chromium';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core') as typeof import('playwright-core');

export const baseUrl = () => inject('baseUrl');

export const launch = (): Promise<Browser> => launchChromium(chromium);

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

/** Signs in through the login form on the page, the captcha solved by its widget (where the sign-in is part of the journey). */
export async function signIn(page: Page, credentials: Credentials): Promise<void> {
  await page.getByLabel('Usuario').fill(credentials.username);
  await page.getByLabel('Contraseña').fill(credentials.password);
  await page.getByText('No soy un robot').click();
  await page.getByText('Verificado').waitFor();
  await page.getByRole('button', { name: 'Ingresar' }).click();
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

const AXE_SOURCE = (require('axe-core') as typeof import('axe-core')).source;
/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: the rules axe-core can decide by itself. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type AxeViolation = { id: string; impact: string; targets: string[] };

/** The page's WCAG A/AA violations as axe-core reports them, once transitions have settled. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // A dialog or toast still fading in would be measured at half its contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, AXE_TAGS);
}

/** Fails listing each violated rule with the selectors of the elements that break it. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  let violations = await axeViolations(page);
  // A toast that starts closing while axe reads the page is measured half transparent (seen once in
  // a full run); a real violation is still there a moment later, a transition is not.
  if (violations.length > 0) {
    await page.waitForTimeout(600);
    violations = await axeViolations(page);
  }
  expect(
    violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.targets.join(', ')}`),
    `axe: ${label}`,
  ).toEqual([]);
}
