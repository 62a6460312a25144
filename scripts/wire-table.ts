// Prints the wire table (where each provider puts the tool definition, the call, the result and the
// error flag) as Markdown, so the copy in docs/wire.md can be regenerated from the renderers:
//   npm run wire-table
import { renderWireTable } from "../src/narration/wire-table.ts";

process.stdout.write(renderWireTable());
