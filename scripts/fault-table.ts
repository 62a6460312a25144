// Prints the fault table of docs/faults.md, generated from each provider's fault answers:
//   npm run fault-table
import { renderFaultTable } from "../src/commands/serve/fault-table.ts";
import { loadAllParts } from "../src/providers/registry.ts";

process.stdout.write(renderFaultTable(await loadAllParts()));
