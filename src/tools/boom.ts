// boom: a tool whose execute always throws, to show that even an exception inside a tool comes
// back to the model as a paired isError result (course chapter 06's third failure kind).

import type { Tool } from "../protocol/types.ts";
import { objectSchema } from "../schema/object-schema.ts";
import { stringValue } from "../schema/validator.ts";

export const boom: Tool<{ value: string }> = {
  name: "boom",
  description: 'Always throws Error("exploded"); it exists to show what a throwing tool becomes',
  schema: objectSchema({ value: stringValue }),
  async execute() {
    throw new Error("exploded");
  },
};
