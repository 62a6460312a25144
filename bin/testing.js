// The testing entry ("tool-call-playground/testing") as Node loads it, in this checkout or from a
// copy installed under a project's node_modules, where no Node strips types: the TypeScript
// loader first (load-typescript.js), then src/testing.ts, whose types package.json's `types`
// condition gives to an editor or tsc.
import "./load-typescript.js";

export const { startFakeModel } = await import("../src/testing.ts");
