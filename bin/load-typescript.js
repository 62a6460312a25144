// Lets Node run this package's TypeScript, which is never built: an edit shows on the next run.
// Node 22.18 and later strip the types themselves. Node 20 cannot, and no Node strips a file under
// node_modules (this package installed as a dependency of another), so there tsx does it.
// Preload it (`node --import ./bin/load-typescript.js file.ts`) or import it before the program.
import module from "node:module";

// Node keeps what it compiled (the stripped files too) between runs, and a later run starts from it.
module.enableCompileCache?.();
if (!process.features.typescript || import.meta.url.includes("/node_modules/")) await import("tsx/esm");
