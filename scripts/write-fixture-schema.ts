// npm run schema: writes fixture.schema.json from the fixture format's own validators.
import { rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fixtureJsonSchemaText } from "../src/fixture/fixture-json-schema.ts";
import { projectRoot } from "./goldens.ts";

const target = join(projectRoot, "fixture.schema.json");
await writeFile(`${target}.tmp`, fixtureJsonSchemaText());
await rename(`${target}.tmp`, target);
console.log("wrote fixture.schema.json");
