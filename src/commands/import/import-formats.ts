// What `import` reads: a request body of any registered provider, or a Pi session file.
import { providerIds } from "../../providers/registry.ts";

export const importFormats = [...providerIds, "pi-session"] as const;
export type ImportFormat = (typeof importFormats)[number];
