// `--html <file>` (and serve's live page): one self-contained page. Its style, script and data are
// inline, and its Content-Security-Policy forbids loading anything from anywhere (the live page may
// ask its own server for the session, nothing else): no CDN, no font, no image from elsewhere. A
// file's page carries the policy in a <meta>; the live page's comes as a header (live-page.ts),
// the only way `frame-ancestors 'none'` is obeyed, so that no other site can frame it.
import { readFileSync } from "node:fs";
import type { DiagramMessages } from "./diagram-messages.ts";
import type { Diagram } from "./diagram-model.ts";
import { embeddedJson, type PageData, type PageWords, pageData } from "./page-data.ts";

// The page's script and style are files of their own (page/), which the formatter and linter read
// like every other source file; they are read once and put inline in every page.
const pageScript = readFileSync(new URL("./page/page.js", import.meta.url), "utf8");
const pageStyle = readFileSync(new URL("./page/page.css", import.meta.url), "utf8");

/** The page's words, and for serve, where the page asks for the session so far (undefined for a
 *  finished run). */
export type PageOptions = PageWords & { live?: string };

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The page's Content-Security-Policy: a file's, or (`live`) serve's, which may ask its own server
 *  for the session and may be framed by no page at all. */
export function pagePolicy(live: boolean): string {
  const base = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'";
  const rest = "img-src 'none'; font-src 'none'; base-uri 'none'; form-action 'none'";
  return live ? `${base}; connect-src 'self'; ${rest}; frame-ancestors 'none'` : `${base}; connect-src 'none'; ${rest}`;
}

/** The page around its data; a file's page carries its policy itself, the live page's comes as a
 *  header (a <meta> cannot say `frame-ancestors`). */
function pageHtml(data: PageData & { live?: string }, words: DiagramMessages["page"]): string {
  const policy = data.live === undefined ? `\n<meta http-equiv="Content-Security-Policy" content="${pagePolicy(false)}">` : "";
  return `<!doctype html>
<html lang="${data.lang === "zh" ? "zh-CN" : "en"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">${policy}
<title>${escapeText(data.title)}</title>
<style>${pageStyle}</style>
</head>
<body>
<header>
<h1>${escapeText(data.title)}</h1>
<div class="legend"><p>${escapeText(data.legend)}</p><ul>${data.arrowLegend.map((line) => `<li>${escapeText(line)}</li>`).join("")}</ul></div>
<p class="hint">${escapeText(words.open)}</p>
</header>
<main></main>
<dialog id="details" aria-labelledby="details-title">
<div class="bar"><h3 id="details-title"></h3><button type="button" class="close" id="close">${escapeText(words.close)}</button></div>
<section><h4>${escapeText(words.message)}</h4><pre id="details-message"></pre></section>
<section id="history-section"><h4 id="details-history-title"></h4><pre id="details-history"></pre></section>
<section id="body-section"><h4>${escapeText(words.body)} · <label>${escapeText(words.provider)} <select id="provider"></select></label></h4><pre id="details-body"></pre></section>
</dialog>
<script type="application/json" id="run-data">${embeddedJson(data)}</script>
<script>${pageScript}</script>
</body>
</html>
`;
}

export function htmlPage(diagram: Diagram, options: PageOptions): string {
  const data = pageData(diagram, options);
  return pageHtml(options.live === undefined ? data : { ...data, live: options.live }, options.say.page);
}
