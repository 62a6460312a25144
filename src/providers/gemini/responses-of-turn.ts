// The functionResponse parts of the user content after a call turn: where a call's answer is.
// Gemini pairs by id when the call has one, else by name and order (a call without an id is
// answered by the next response of its name), so both ways are kept here.
import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { stringAt } from "../shared/json-shape.ts";
import { field } from "./body-fields.ts";
import { partsIn } from "./body-walk.ts";

export class ResponsesOfTurn {
  readonly #all: JsonObject[] = [];
  readonly #byId = new Map<string, JsonObject>();
  #byName: Map<string, JsonObject[]> | undefined;
  /** How many id-less calls of each name this turn has paired so far. */
  readonly #paired = new Map<string, number>();

  constructor(content: unknown) {
    for (const { part } of partsIn(content, "")) {
      const response = field(part, "functionResponse");
      if (!isRecord(response)) continue;
      this.#all.push(response);
      const id = stringAt(response, "id");
      if (id !== undefined && !this.#byId.has(id)) this.#byId.set(id, response);
    }
  }

  /** The response answering a call: by id, or (a call without one) the next response of its name. */
  answer(name: string, id: string | undefined): JsonObject | undefined {
    if (id !== undefined) return this.#byId.get(id);
    const nth = this.#paired.get(name) ?? 0;
    this.#paired.set(name, nth + 1);
    return this.#responsesNamed(name)[nth];
  }

  #responsesNamed(name: string): JsonObject[] {
    if (!this.#byName) {
      this.#byName = new Map();
      for (const response of this.#all) {
        const key = stringAt(response, "name");
        if (key === undefined) continue;
        const named = this.#byName.get(key);
        if (named) named.push(response);
        else this.#byName.set(key, [response]);
      }
    }
    return this.#byName.get(name) ?? [];
  }
}
