// `npm run screenshots`: the walkthrough's page (`npm start -- --html`) in Debian's Chromium at a
// desktop size (1280×800, and again with an arrow opened) and at a phone's width (390 px), saved
// into docs/ where docs/diagram.md shows them.
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { fixturePage } from "../src/commands/play/diagram-output.ts";
import { defaultFixtureName, fixtureFileFor } from "../src/fixture/fixture-files.ts";
import { loadFixture } from "../src/fixture/load-fixture.ts";
import { browserSkipReason, launchChromium } from "./browser.ts";

const docs = fileURLToPath(new URL("../docs/", import.meta.url));
const { html } = await fixturePage(await loadFixture(fixtureFileFor(defaultFixtureName), undefined, "en"), "en");
const skip = browserSkipReason();
if (skip !== undefined) {
  process.stderr.write(`${skip}\n`);
  process.exit(1);
}
const browser = await launchChromium();
try {
  const shots: { file: string; width: number; height: number; open?: number }[] = [
    { file: "diagram-desktop.png", width: 1280, height: 800 },
    { file: "diagram-details.png", width: 1280, height: 800, open: 6 },
    { file: "diagram-phone.png", width: 390, height: 844 },
  ];
  for (const shot of shots) {
    const page = await browser.newPage({ viewport: { width: shot.width, height: shot.height } });
    await page.setContent(html);
    if (shot.open !== undefined) await page.locator(".arrow").nth(shot.open).click();
    await writeFile(`${docs}${shot.file}`, await page.screenshot());
    await page.close();
    process.stdout.write(`docs/${shot.file}\n`);
  }
} finally {
  await browser.close();
}
