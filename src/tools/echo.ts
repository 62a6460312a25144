// echo: the shortest possible tool (course chapter 06), to watch schema, registry and executor.

import { text } from "../protocol/text.ts";
import type { Tool } from "../protocol/types.ts";
import { objectSchema } from "../schema/object-schema.ts";
import { stringValue } from "../schema/validator.ts";

export const echoSchema = objectSchema({ value: stringValue });

export const echo: Tool<{ value: string }, { source: string }> = {
  name: "echo",
  description: "Echo one value",
  schema: echoSchema,
  async execute({ value }) {
    return { content: [text(value)], details: { source: "echo" } };
  },
};
