// Prints serve's limits table, to paste into docs/serve.md:
//   node --import ./bin/load-typescript.js test/serve/print-limits-table.ts
import { renderLimitsTable } from "../../src/commands/serve/limits-table.ts";

process.stdout.write(renderLimitsTable());
