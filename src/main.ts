// Process entry, for `npm start`, the bin launcher and `node src/main.ts`. Two settings come
// before the rest of the program loads, hence the dynamic import.
import module from "node:module";

// Where Node has a compile cache (22.1 and later), what it compiled, the stripped TypeScript
// included, is kept between runs, and the next run starts from it.
if ("enableCompileCache" in module && typeof module.enableCompileCache === "function") module.enableCompileCache();

// Nothing this program prints carries a stack trace (an internal error is one line), so it does not
// decode the source maps that point stack traces into the TypeScript: on Node 20, where the
// TypeScript is transformed with source maps, that took ~20 ms more CPU to start (median of 24 interleaved runs), and
// start-up has a budget (`npm run bench:startup`). `--enable-source-maps`, given to node or in
// NODE_OPTIONS, keeps them on for whoever debugs.
const asked = process.execArgv.includes("--enable-source-maps") || (process.env.NODE_OPTIONS ?? "").split(/\s+/).includes("--enable-source-maps");
if (!asked) process.setSourceMapsEnabled(false);
await import("./cli/cli-process.ts");
