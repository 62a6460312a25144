// The fault table of docs/faults.md, generated from each provider's own fault answers: for every
// kind a fixture's `fail` names and every provider, the status, the error body and the headers
// serve sends (for request 1, with a retry-after of 1 second) and the documentation they follow.
// `npm run fault-table` prints it; a test keeps the doc's copy equal to it.
import { loadAllParts, type PartsOf, providerIds, providers } from "../src/providers/registry.ts";
import { faultKinds } from "../src/providers/shared/fault-kind.ts";

/** The table as Markdown, one row per kind and provider. */
export function renderFaultTable(partsOf: PartsOf): string {
  const rows = ["| kind | provider | status | body | headers | source |", "| --- | --- | --- | --- | --- | --- |"];
  for (const kind of faultKinds) {
    for (const id of providerIds) {
      const { response } = partsOf(id);
      const request = response.ids.request;
      const requestId = request?.id(1);
      const { status, body, headers } = response.faults.answer(kind, { requestId, retryAfter: 1, message: undefined });
      const all = { ...(request && requestId !== undefined ? { [request.header]: requestId } : {}), ...headers };
      const shownHeaders = Object.entries(all).map(([name, value]) => `\`${name}: ${value}\``);
      const sources = response.faults
        .source(kind)
        .split(" ")
        .map((url) => `<${url}>`);
      rows.push(
        `| \`${kind}\` | ${providers[id].name} | ${status} | \`${cell(JSON.stringify(body))}\` | ${shownHeaders.join("<br>") || "—"} | ${sources.join("<br>")} |`,
      );
    }
  }
  return `${rows.join("\n")}\n`;
}

/** A pipe would end a Markdown cell. */
function cell(text: string): string {
  return text.replaceAll("|", "\\|");
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(renderFaultTable(await loadAllParts()));
