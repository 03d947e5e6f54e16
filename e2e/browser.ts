import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, expect, inject } from 'vitest';
import { apiLogin, type Credentials } from './api';
import { launchChromium } from './chromium';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core') as typeof import('playwright-core');

/** This worker's server (VITEST_POOL_ID counts the workers from 1; one server each, e2e/global-setup.ts). */
export const baseUrl = () => {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
};

export const launch = (): Promise<Browser> => launchChromium(chromium);

export type Session = {
  context: BrowserContext;
  page: Page;
  /** Console errors (CSP violations, failed requests, React's errors) and uncaught errors, in order. */
  problems: string[];
  /**
   * Claims the problems matching `pattern` in this test, for one that provokes an error on purpose
   * (a 409 the browser logs as "Failed to load resource"); at least one must occur.
   */
  allow: (pattern: RegExp) => void;
};

type Watched = Session & { allowed: RegExp[]; isTestOwned: boolean };

/** How the app learns it is signed out (spec §4: check the session, try the refresh once): not an error. */
const SIGNED_OUT_CHECK =
  /^Failed to load resource: the server responded with a status of 401 \(Unauthorized\) \(http[^)]*\/api\/users\/(auth|refresh)\)$/;
const watched = new Set<Watched>();
let isInTest = false;

/**
 * Every test fails on its sessions' problems that it did not `allow`, as a server test fails on an
 * error its app logged; no test has to remember to look. Registered for each e2e file by importing
 * this module (every file opens its sessions here). A session opened by the test is closed after
 * it; one opened in `beforeAll` stays for the next test, its problems counted in the test that saw them.
 */
beforeEach(() => {
  isInTest = true;
});
afterEach(async (context) => {
  isInTest = false;
  if (context.task.result?.state === 'fail') await describeFailedPages(context.task.name);
  const unclaimed: string[] = [];
  for (const session of watched) {
    const problems = session.problems.splice(0);
    const allowed = session.allowed.splice(0);
    for (const pattern of allowed) {
      if (!problems.some((problem) => pattern.test(problem))) unclaimed.push(`nothing matched the allowed ${pattern}`);
    }
    unclaimed.push(...problems.filter((problem) => !SIGNED_OUT_CHECK.test(problem) && !allowed.some((pattern) => pattern.test(problem))));
    if (session.isTestOwned) {
      watched.delete(session);
      await session.context.close();
    }
  }
  expect(unclaimed, 'browser errors during this test').toEqual([]);
});

/**
 * A failed test's pages as the person would have seen them, written to the test's output (CI keeps
 * the log of a failed run, not its files): the address, the accessibility tree (what getByRole
 * searches), and a screenshot in the system's temporary directory for a run on this machine.
 */
async function describeFailedPages(testName: string): Promise<void> {
  for (const session of watched) {
    const { page } = session;
    if (page.isClosed()) continue;
    const snapshot = (selector: string) =>
      page
        .locator(selector)
        .ariaSnapshot({ timeout: 5_000 })
        .catch((error: unknown) => `(no accessibility tree: ${String(error)})`);
    // What sits on top first (Mantine's menus, dialogs and toasts are portals at the body's end),
    // so the cap below never cuts the open menu the test was clicking in.
    const layers = await page.locator('body > [data-portal]').count();
    const onTop = [];
    for (let layer = 0; layer < layers; layer++) onTop.push(await snapshot(`body > [data-portal] >> nth=${layer}`));
    const tree = `${onTop.length > 0 ? `on top:\n${onTop.join('\n')}\npage:\n` : ''}${await snapshot('body')}`;
    const shot = join(tmpdir(), `e2e-failed-${testName.replace(/[^\w]+/g, '-').slice(0, 80)}-${Date.now()}.png`);
    await page.screenshot({ path: shot, fullPage: true, timeout: 5_000 }).catch(() => undefined);
    process.stderr.write(`\n--- page of the failed test "${testName}": ${page.url()} (screenshot ${shot})\n${tree.slice(0, 6_000)}\n---\n`);
  }
}

/**
 * A fresh context (optionally signed in through the API of `origin`, the shared e2e server unless
 * said) whose page records console errors and uncaught errors; the test fails on them (see above).
 */
export async function open(
  browser: Browser,
  credentials?: Credentials,
  viewport = { width: 1440, height: 900 },
  origin = baseUrl(),
): Promise<Session> {
  const context = await browser.newContext({ viewport, locale: 'es-AR', acceptDownloads: true });
  if (credentials) {
    const [name, value] = (await apiLogin(origin, credentials)).split('=') as [string, string];
    await context.addCookies([{ name, value, url: origin, httpOnly: true, sameSite: 'Strict' }]);
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // A CSP violation fails the test at whatever level the browser logs it.
    if (message.type() !== 'error' && !/Content Security Policy/i.test(message.text())) return;
    const { url } = message.location();
    problems.push(url ? `${message.text()} (${url})` : message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  const allowed: RegExp[] = [];
  const session: Watched = { context, page, problems, allowed, allow: (pattern) => void allowed.push(pattern), isTestOwned: isInTest };
  watched.add(session);
  return session;
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

/** Each violated rule with the selectors of the elements that break it, read twice when the first read finds any. */
export async function axeFindings(page: Page): Promise<string[]> {
  let violations = await axeViolations(page);
  // A toast that starts closing while axe reads the page is measured half transparent (seen once in
  // a full run); a real violation is still there a moment later, a transition is not.
  if (violations.length > 0) {
    await page.waitForTimeout(600);
    violations = await axeViolations(page);
  }
  return violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.targets.join(', ')}`);
}

/** Fails listing each violated rule with the selectors of the elements that break it. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  expect(await axeFindings(page), `axe: ${label}`).toEqual([]);
}
