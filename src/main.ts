// Process entry, for `npm start` and the bin launcher. Nothing this program prints carries a stack
// trace (an internal error is one line), so it does not decode the source maps that point stack
// traces into the TypeScript: on Node 20, which runs the program through tsx, that took ~20 ms
// more CPU to start (median of 24 interleaved runs), and start-up has a budget
// (`npm run bench:startup`). The switch comes before the rest of the program loads, hence the
// dynamic import. `--enable-source-maps`, given to node or in NODE_OPTIONS, keeps them on for
// whoever debugs.
const asked = process.execArgv.includes("--enable-source-maps") || (process.env.NODE_OPTIONS ?? "").split(/\s+/).includes("--enable-source-maps");
if (!asked) process.setSourceMapsEnabled(false);
await import("./cli/cli-process.ts");
