// The modules a TypeScript file imports, read from its text with one pattern, for the two scripts
// that follow imports: the layer check (scripts/layers.ts, where every import counts, type-only
// and dynamic ones too) and the guess of which test files load a client library
// (scripts/test-client-files.ts, where only what always loads counts).

export interface ModuleImport {
  specifier: string;
  /** `import type …` / `export type … from`: erased, nothing loads at run time. */
  typeOnly: boolean;
  /** `import("…")`: loads only on the path that runs it. */
  dynamic: boolean;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(type\s+)?[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

export function moduleImports(source: string): ModuleImport[] {
  return [...source.matchAll(IMPORT)].flatMap((match): ModuleImport[] => {
    if (match[2] !== undefined) return [{ specifier: match[2], typeOnly: match[1] !== undefined, dynamic: false }];
    if (match[3] !== undefined) return [{ specifier: match[3], typeOnly: false, dynamic: false }];
    if (match[4] !== undefined) return [{ specifier: match[4], typeOnly: false, dynamic: true }];
    return [];
  });
}
