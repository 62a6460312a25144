// Process entry, for `npm start`, the bin launcher and `node --import tsx src/main.ts`. tsx turns
// Node's source maps on so that stack traces point into the TypeScript, and Node then decodes the
// inline map of every module it compiles. Nothing this program prints carries a stack trace (an
// internal error is one line), and that decoding was the largest cost of start-up after tsx
// itself, so the entry turns them back off — Node's own default — before the rest of the program
// is loaded; hence the dynamic import. `--enable-source-maps`, given to node or in NODE_OPTIONS,
// keeps them on for whoever debugs.
const asked = process.execArgv.includes("--enable-source-maps") || (process.env.NODE_OPTIONS ?? "").split(/\s+/).includes("--enable-source-maps");
if (!asked) process.setSourceMapsEnabled(false);
await import("./cli/cli-process.ts");
