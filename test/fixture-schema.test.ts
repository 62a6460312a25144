// fixture.schema.json is generated from the fixture format's validators: it must not drift, every
// fixture must name it, and an editor's validator (ajv here) must accept every committed fixture.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Ajv } from "ajv";
import { fixtureJsonSchema, fixtureJsonSchemaText } from "../src/fixture/fixture-json-schema.ts";
import { fixtureNames } from "../src/fixture/fixture-files.ts";
import { fixtureFileFor } from "../src/fixture/fixture-files.ts";
import { projectRoot } from "../scripts/goldens.ts";

test("fixture.schema.json is what `npm run schema` generates", () => {
  assert.equal(readFileSync(join(projectRoot, "fixture.schema.json"), "utf8"), fixtureJsonSchemaText(), "run npm run schema and commit the result");
});

test("every fixture names the schema, and the schema accepts it", () => {
  const validate = new Ajv({ strict: false }).compile(fixtureJsonSchema());
  for (const name of fixtureNames()) {
    const fixture: unknown = JSON.parse(readFileSync(fixtureFileFor(name), "utf8"));
    assert.ok(typeof fixture === "object" && fixture !== null && "$schema" in fixture && fixture.$schema === "../fixture.schema.json", `${name} names the schema`);
    assert.ok(validate(fixture), `${name}: ${JSON.stringify(validate.errors)}`);
  }
});
