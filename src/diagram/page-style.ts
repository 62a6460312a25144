// The page's look: lanes as columns with a lifeline each, an arrow as a button spanning the lanes
// it joins. Below 640 px the lanes give way to a list, each arrow saying who sent it to whom, so a
// phone shows every word without sideways scrolling. Failures are red and say so in words too.
export const pageStyle = `
:root { color-scheme: light; --ink: #1d1f23; --muted: #5b6270; --line: #c8ccd4; --fail: #b3261e; --retry: #8a5a00; --focus: #1a5fd0; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans", "PingFang SC", sans-serif; color: var(--ink); background: #fbfbfc; }
header, main { max-width: 1200px; margin: 0 auto; padding: 12px 20px; }
header { padding-bottom: 0; }
main { padding-top: 0; }
h1 { font-size: 1.3rem; margin: 8px 0; }
h2 { font-size: 1.05rem; margin: 18px 0 8px; }
.legend { color: var(--muted); font-size: 0.85rem; margin: 4px 0; }
.legend ul { margin: 4px 0; padding-left: 18px; }
.hint { font-size: 0.85rem; color: var(--muted); margin-bottom: 0; }
.diagram { display: grid; grid-template-columns: repeat(var(--lanes), minmax(0, 1fr)); column-gap: 0; row-gap: 2px; position: relative; }
.lane-name { grid-row: 1; text-align: center; font-weight: 600; padding: 4px 2px; border-bottom: 2px solid var(--line); background: #fbfbfc; position: sticky; top: 0; z-index: 2; overflow-wrap: anywhere; }
.lifeline { grid-row: 2 / -1; justify-self: center; width: 2px; background: var(--line); z-index: 0; }
.arrow { position: relative; z-index: 1; display: block; min-width: 0; text-align: left; font: inherit; color: inherit; background: transparent; border: 0; padding: 2px 0 6px; cursor: pointer; }
.arrow .text { display: block; padding: 0 calc(100% / var(--span) / 2); font-size: 0.88rem; overflow-wrap: anywhere; }
.arrow .who { display: none; color: var(--muted); font-size: 0.8rem; }
.arrow .line { display: block; position: relative; height: 2px; margin: 4px calc(100% / var(--span) / 2) 0; background: var(--ink); }
.arrow.answer .line { background: repeating-linear-gradient(to right, var(--ink) 0 6px, transparent 6px 10px); }
.arrow.retry .line { background: repeating-linear-gradient(to right, var(--retry) 0 2px, transparent 2px 5px); }
.arrow.retry .text { color: var(--retry); }
.arrow.failure .line { background: var(--fail); height: 3px; }
.arrow.failure .text { color: var(--fail); font-weight: 600; }
.arrow .line::after { content: "▶"; position: absolute; right: -4px; top: -8px; font-size: 12px; color: inherit; }
.arrow.left .line::after { content: "◀"; left: -4px; right: auto; }
.arrow.failure .line::after { content: "✗"; color: var(--fail); }
.arrow.self .text { padding-left: calc(100% / var(--span) / 2 + 8px); }
.arrow.self .line { margin-right: calc(100% - 100% / var(--span) / 2 - 18px); height: 10px; background: transparent; border: 2px solid var(--ink); border-left: 0; }
.arrow.self.failure .line { border-color: var(--fail); }
.arrow.self .line::after { content: "◀"; left: -6px; right: auto; top: 1px; }
.arrow:hover .text, .arrow:focus-visible .text { text-decoration: underline; }
.arrow:focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; border-radius: 3px; }
.end, .empty { grid-column: 1 / -1; color: var(--muted); font-style: italic; padding: 6px 0; z-index: 1; background: #fbfbfc; }
dialog { width: min(900px, 96vw); max-height: 90vh; padding: 0; border: 1px solid var(--line); border-radius: 8px; }
dialog::backdrop { background: rgb(0 0 0 / 0.35); }
dialog .bar { display: flex; gap: 12px; align-items: start; justify-content: space-between; padding: 12px 16px; border-bottom: 1px solid var(--line); position: sticky; top: 0; background: #fff; }
dialog h3 { margin: 0; font-size: 1rem; overflow-wrap: anywhere; }
dialog section { padding: 4px 16px 12px; }
dialog h4 { margin: 10px 0 4px; font-size: 0.9rem; }
pre { margin: 0; padding: 8px; background: #f2f3f5; border-radius: 4px; overflow: auto; max-height: 40vh; font: 12.5px/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
button.close, select { font: inherit; padding: 4px 10px; }
@media (max-width: 640px) {
  header, main { padding: 8px 10px; }
  .diagram { display: block; }
  .lane-name, .lifeline { display: none; }
  .arrow { width: 100%; border-left: 3px solid var(--line); padding: 4px 0 4px 8px; margin: 4px 0; }
  .arrow.failure { border-left-color: var(--fail); }
  .arrow.retry { border-left-color: var(--retry); }
  .arrow .who { display: block; }
  .arrow .text, .arrow.self .text { padding: 0; }
  .arrow .line { display: none; }
}
`;
