// Prints serve's limits table of docs/serve.md, generated from serve's own defaults:
//   npm run limits-table
import { renderLimitsTable } from "../src/commands/serve/limits-table.ts";

process.stdout.write(renderLimitsTable());
