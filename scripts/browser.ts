// The one way the tests and the screenshot script drive a browser: Debian's Chromium through
// playwright-core, never a downloaded one. Where it is missing the browser tests skip with one line,
// unless the environment says they must run (CI sets TCP_BROWSER_TESTS=required), and then they fail.
import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

/** undefined when the browser tests can run; otherwise why they skip (a one-line reason). */
export function browserSkipReason(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  if (process.env.TCP_BROWSER_TESTS === "required") throw new Error(`TCP_BROWSER_TESTS=required but ${CHROMIUM} is missing`);
  return `no Chromium at ${CHROMIUM} (apt-get install chromium); browser tests skipped`;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
}

/** Every request the page makes: a local one (the page itself, the live server) goes on, any other
 *  is stopped and remembered, so a test can fail on it. Console errors are remembered too. */
export async function watchPage(page: Page, local: (url: string) => boolean): Promise<{ leaks: string[]; errors: string[] }> {
  const leaks: string[] = [];
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.route("**/*", async (route) => {
    const url = route.request().url();
    if (local(url)) await route.continue();
    else {
      leaks.push(url);
      await route.abort();
    }
  });
  return { leaks, errors };
}
