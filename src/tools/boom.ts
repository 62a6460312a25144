// boom: a tool whose execute always throws, to show that even an exception inside a tool comes
// back to the model as a paired isError result (course chapter 06's third failure kind).

import type { Tool } from "../protocol/types.ts";
import { objectSchema } from "../schema/object-schema.ts";
import { stringValue } from "../schema/validator.ts";

/** Its description per language; "exploded" is chapter 06's own message in both. */
export const boomDescriptions = {
  zh: '总是抛出 Error("exploded")：它用来演示一个抛错的工具会变成什么',
  en: 'Always throws Error("exploded"); it exists to show what a throwing tool becomes',
};

export function boomIn(description: string): Tool<{ value: string }> {
  return {
    name: "boom",
    description,
    schema: objectSchema({ value: stringValue }),
    async execute() {
      throw new Error("exploded");
    },
  };
}

export const boom = boomIn(boomDescriptions.zh);
