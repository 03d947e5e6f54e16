import type { Browser, BrowserType } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`; `.ci/run` installs it): the browser tests and the benchmark use it. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless, and quiet: no updates, sync or background requests that would add noise to a test or a measurement. */
export function launchChromium(chromium: BrowserType): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
