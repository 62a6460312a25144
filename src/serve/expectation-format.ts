// The fixture's `expect` key on a reply: what that reply expects of the request it answers when a
// live harness sends it (serve), as data and as its validator. Apart from expectations.ts, which
// checks a request against it, so that loading a fixture does not load the serve code.
import { arrayOf } from "../schema/collections.ts";
import { objectValue } from "../schema/object-schema.ts";
import { describe, optional, optionalString, stringValue, booleanValue, type Validator } from "../schema/validator.ts";

export interface ResultExpectation {
  toolCallId: string;
  isError?: boolean;
  contentIncludes?: string;
}

export interface ReplyExpectation {
  results?: ResultExpectation[];
  tools?: string[];
}

export const replyExpectationValue: Validator<ReplyExpectation | undefined> = optional(
  objectValue({
    results: optional(
      describe(
        arrayOf(
          objectValue({
            toolCallId: describe(stringValue, "The call whose result the request must carry"),
            isError: optional(describe(booleanValue, "The result must (true) or must not (false) be an error")),
            contentIncludes: describe(optionalString, "Text the result's content must contain"),
          }),
        ),
        "Results the request must carry",
      ),
    ),
    tools: optional(describe(arrayOf(stringValue), "Tool names the request must declare")),
  }),
);
