// English narration (--lang en): the same transcript as catalog-zh.ts, line for line.

import type { FixtureProblem } from "../fixture/load-fixture.ts";
import type { AppliedEdit } from "../fixture/person-edits.ts";
import type { StopReason } from "../protocol/types.ts";
import type { Expectation } from "../schema/schema-error.ts";
import type { Catalog } from "./catalog.ts";
import { json, quoted } from "./display-text.ts";
import { legendLine } from "./legend-marks.ts";
import type { EpisodeOutcome } from "./step-outcome.ts";

const stopReasons: Record<StopReason, string> = {
  toolUse: "the model stopped to wait for tool results; this turn is not over yet.",
  stop: "the model is done and asked for no tool.",
  length: "the output hit the length limit and was cut off; it may be incomplete.",
  error: "the model service failed.",
  aborted: "the request was aborted.",
};

function expectation(expected: Expectation): string {
  switch (expected.kind) {
    case "string":
      return "a string";
    case "number":
      return "a number";
    case "boolean":
      return "a boolean";
    case "positiveInteger":
      return "a positive integer";
    case "nonNegativeInteger":
      return "a whole number of at least 0";
    case "integer":
      return "an integer";
    case "null":
      return "null";
    case "object":
      return "an object";
    case "array":
      return "an array";
    case "minItems":
      return `an array of at least ${expected.count} item${expected.count === 1 ? "" : "s"}`;
    case "oneOf":
      return `one of ${expected.values.map((value) => JSON.stringify(value)).join(", ")}`;
    case "any":
      return "any JSON value";
    case "custom":
      return `a valid value (${expected.message})`;
  }
}

const syntaxProblems = {
  emptyFile: "the file is empty; a JSON object was expected",
  unexpectedEnd: "the file ends too early: a closing bracket or quote is missing",
  unexpectedCharacter: "this character cannot appear here",
  expectedCommaOrClose: "a comma (or closing bracket) is missing",
  trailingComma: "there is a comma after the last item",
  expectedPropertyName: "a key in double quotes was expected",
  expectedColon: "a colon was expected after the key",
  invalidNumber: "this number is not written the JSON way",
  invalidEscape: "this escape in a string is not valid JSON",
  controlCharacterInString: "a string cannot hold a raw line break or control character",
  unterminatedString: "a string is missing its closing double quote",
  trailingContent: "the JSON value has ended but more text follows",
  missingClosingQuote: "a string runs to the end of the line: its closing double quote is probably missing",
  comment: 'JSON has no comments: remove the // or /* */ text (a "description" key can hold notes)',
  singleQuotes: "JSON strings and keys take double quotes, not single quotes",
} as const;

function outcome(value: EpisodeOutcome): string {
  const name = "name" in value && value.name === "" ? "(an empty name)" : "name" in value ? value.name : "";
  switch (value.kind) {
    case "ran":
      if (value.recorded)
        return value.isError
          ? `${name} passed validation; the recorded result is a failure (isError=true)`
          : `${name} passed validation; its result is the recorded one (nothing ran this time)`;
      return value.isError ? `${name} ran, and reported a failure itself (isError=true)` : `${name} passed validation and ran`;
    case "invalid":
      return `${name} did not run: its arguments failed validation`;
    case "unknownTool":
      return `${name} did not run: the registry has no tool by that name`;
    case "threw":
      return `${name} threw while running; the app turned the exception into an isError result`;
    case "refused":
      return `The app refused the call to ${name} without running it`;
    case "aborted":
      return `The run was aborted; ${name} never got a result of its own`;
    case "noCall":
      return "The model answered without asking for a tool";
    case "allDropped":
      return "You removed the calls the model asked for; no tool ran";
    case "stopped":
      return "The run stopped before any call";
  }
}

const faultNamesEn = {
  rateLimit: "a rate limit (429)",
  overloaded: "an overload (Anthropic 529, 503 elsewhere)",
  serverError: "a server error (500)",
  unavailable: "a service unavailable (503)",
  gatewayTimeout: "a gateway timeout (504)",
  contextTooLong: "a context too long (400)",
  unauthorized: "an unauthorized key (401)",
  permissionDenied: "a permission denied (403)",
} as const;

const faultAdviceEn = {
  rateLimit: "A harness waits as long as retry-after says and resends the same request; the loop goes on where it was.",
  overloaded: "A harness backs off and resends the same request.",
  serverError: "A harness may resend the same request a few times, then report the error.",
  unavailable: "A harness backs off and resends the same request.",
  gatewayTimeout: "A harness may resend the same request, or stream so the answer starts sooner.",
  contextTooLong: "Resending fails again: a harness must shorten the history first.",
  unauthorized: "Resending fails again: a harness stops and reports that the API key is wrong or missing.",
  permissionDenied: "Resending fails again: a harness stops and reports that this key may not use this model or API.",
} as const;

const en: Catalog = {
  marks: { model: "model  ", app: "app    ", tool: "tool   ", person: "person ", record: "record ", playground: "playground " },
  legend: (shown) =>
    legendLine("Marks: ", " · ", [
      "model = the model produced it (a fixture's scripted replies count as the model's)",
      "app = the app produced it (this program: registry, executor, loop, and the system prompt and tool list it sends)",
      shown.tool && "tool = a tool's own output",
      shown.record && "record = a result a log recorded, played back as it was",
      shown.edits ? "person = a person wrote it (the user's message, your edits in interactive mode)" : "person = a person wrote it (the user's message)",
    ]),
  contextStep: (step) => `[${step}] Assemble the context: system prompt + message history + tool list`,
  contextOrigin: "All three are sent again, whole, on every request: the model has no memory.",
  systemPrompt: (text) => `systemPrompt: ${text}`,
  historyHas: (count) => `The history now holds ${count} message${count === 1 ? "" : "s"}:`,
  historyElided: (hidden) => `… (${hidden} earlier message${hidden === 1 ? "" : "s"} not shown)`,
  toolsHeader: (count) => `The tool list holds ${count}; name, description and parameters are all the model knows of a tool:`,
  requestAgainStep: (step, turn, length, systemPrompt) =>
    `[${step}] Request ${turn} to the model: ${systemPrompt ? "the system prompt, " : ""}the history (${length} messages) and the tool list, sent again whole`,

  replyStep: (step, count) => `[${step}] The model replies: one assistant message with ${count} content block${count === 1 ? "" : "s"}`,
  block: (index) => `block ${index}`,
  stopReason: (reason) => `stopReason=${reason} — ${stopReasons[reason]}`,
  replyAppended: (length, hasToolCalls) =>
    hasToolCalls
      ? `The app appends this message to the history first (now ${length}); only then does it handle the calls in it.`
      : `The app appends this message to the history (now ${length}).`,
  callDropped: (name, id) =>
    `The app removed the call to ${name === "" ? "(an empty name)" : name} (id=${id}) from the reply, as you chose: it is not in the history, and the model will not see it.`,
  stopReasonChanged: (from, to) =>
    `stopReason=${to} — the model sent ${from}; with every call removed, the app changed it to ${to} so the reply agrees with the history: ${stopReasons[to]}`,
  outcomeStep: (step, value) => `[${step}] ${outcome(value)}`,
  scenario: (title) => `Scenario: ${title}`,
  newConversation: (tools) =>
    `A new conversation, not a continuation of the one before: it starts from the history below, with ${tools.length > 0 ? tools.join(", ") : "nothing"} in its registry. A call id need only be unique within one conversation, so it may repeat an earlier conversation's.`,
  secondRequestElsewhere:
    "Every conversation in this run asked the model once. The second request (the whole history again, tool results included) and the model's answer to it are in npm start -- final-answer.",
  titledStep: (step, title) => `[${step}] ${title}`,
  titleNotShown: (title, meant) =>
    `Scenario: ${title} — a title written for "${outcome(meant)}", which did not happen this time; the heading above says what did.`,

  validateStep: (step, name, checked) => {
    switch (checked) {
      case "passed":
        return `[${step}] Look up and validate: registry.get("${name}"), then its schema.parse(arguments)`;
      case "parseFailed":
        return `[${step}] Look up and validate: registry.get("${name}") found the tool; its schema.parse(arguments) refused the arguments`;
      case "lookupFailed":
        return `[${step}] Look up: registry.get("${name}") found no tool, so nothing is validated`;
    }
  },
  executeStep: (step, name, recorded) =>
    recorded
      ? `[${step}] Play back ${name}'s recorded result: no tool runs; the app looks this call up in the log`
      : `[${step}] Execute ${name}: the app does the work; the model executed nothing`,
  modelCall: (name, id) => `The model asks to call ${name === "" ? "(an empty name)" : name}, id=${id}`,
  modelArguments: (json) => `The model sent arguments=${json}`,
  modelSays: (text) => `The model says: ${text}`,
  personChanged: (edit) => {
    switch (edit.kind) {
      case "arguments":
        return `You changed the arguments of call ${edit.callId} to ${json(edit.arguments)}`;
      case "name":
        return `You renamed the tool of call ${edit.callId} from ${edit.from.name === "" ? "(an empty name)" : edit.from.name} to ${edit.name === "" ? "(an empty name)" : edit.name}`;
      case "drop":
        return `You removed call ${edit.callId}`;
      case "add":
        return `You added a call to ${edit.name === "" ? "(an empty name)" : edit.name}, id=${edit.callId}, arguments=${json(edit.arguments)}`;
      case "text":
        return `You wrote the reply's text: ${quoted(edit.text)}`;
    }
  },
  scriptedFailure: (kind, times, retryAfter) =>
    `At a real API this request is first answered with ${faultNamesEn[kind]}${times > 1 ? `, ${times} times` : ""}${retryAfter === undefined ? "" : ` (retry-after ${retryAfter} s)`}: the app's loop sees the provider's error (an SDK raises it, or retries it first), not this reply. ${faultAdviceEn[kind]} (npm start -- serve plays it.)`,
  scriptedDelay: (ms) => `At a real API this reply comes ${ms} ms late: a harness's timeout must allow for it (npm start -- serve plays it).`,
  scriptedStall: (afterEvents, forMs) =>
    `At a real API this reply stalls after ${afterEvents} streamed event(s) ${forMs === undefined ? "until the client gives up" : `for ${forMs} ms`}: only a harness's own timeout ends the wait (npm start -- serve plays it).`,
  historyEdited: (edits) => `  ↑ your edits in the message above: ${edits.map((edit) => editedPartEn(edit)).join(", ")}`,
  modelReads: (detail) =>
    detail === "brief"
      ? "The next request resends the whole history, so the model sees the arguments it sent; but this result text names no parameter and no received value, so it has to guess by checking its own arguments. (--tool-errors detailed names them)"
      : "The result text names the failing parameter's path and what it must be, and the value received (missing when absent); the next request shows it to the model beside its own arguments.",
  converted: (conversions) => `The coerce policy converted arguments first: ${conversions.join(", ")}`,
  skipped: (reason, id, abortReason) => {
    switch (reason) {
      case "truncated":
        return "This reply was cut off (stopReason=length): its arguments may be incomplete and must not be acted on";
      case "modelError":
        return "The model's reply ended in an error: its calls must not be acted on";
      case "duplicateId":
        return `Call id ${id} appears twice in this message: the results could not be told apart`;
      case "notStarted":
        return `The run was aborted (${abortReason}): this call had not started`;
      case "aborted":
        return `The run was aborted (${abortReason}): the app stops waiting for this tool`;
    }
  },
  refusedStep: (step, name, id) => `[${step}] First, a check of the call itself: ${name === "" ? "(an empty name)" : name}, id=${id}`,
  runningWhenAborted: "Lookup and validation passed; the tool has started.",
  abandoned: "The app stops waiting for it and builds an isError=true tool result, so this call is paired too:",
  notExecuted: "The app does not run it, and still builds an isError=true tool result so that every call is paired:",
  progress: (id, text) => `progress (${id}): ${text}`,
  lookupFailed: (name, known) =>
    name === ""
      ? `Lookup failed: the model sent an empty tool name (available: ${known.join(", ") || "none"})`
      : `Lookup failed: this run's registry has no ${name} (only: ${known.join(", ") || "none"})`,
  lookupFailedSkip: "The app neither validates nor executes; it builds an isError=true tool result instead:",
  parsePassed: (name, parsed, dropped) =>
    `Validation passed: ${name} receives only ${parsed}${dropped.length > 0 ? ` (dropped the undeclared ${dropped.join(", ")})` : ""}`,
  recordedRefusal: (name, description) =>
    `${name}'s declared schema refuses these arguments (${description}); a recorded tool does not refuse them itself: the log says what the harness did with this call, and the replay plays that back.`,
  droppedNotRefused: (schemaForbids) =>
    schemaForbids
      ? "The schema in the tool list says additionalProperties: false: that asks the model, it is not this check; parse does not refuse a call for extra keys, it drops them (chapter 06's rule)."
      : "The schema does not declare these keys: parse hands the tool only the declared fields and drops the rest.",
  parseFailed: (description) => `Validation failed: ${description}`,
  undeclaredSent: (keys) =>
    `The model also sent ${keys.map(({ key, suggestion }) => (suggestion ? `${key} (did it mean ${suggestion}?)` : key)).join(", ")}, which the schema does not declare: parse ignores undeclared keys, and drops them when validation passes.`,
  stoppedAtFirst: (unchecked) =>
    `Validation stops at the first failure: ${unchecked.join(", ")}, declared after it, ${unchecked.length === 1 ? "was" : "were"} not checked and may be wrong too.`,
  parseFailedSkip: "The app does not run the tool; it builds an isError=true tool result instead:",
  executed: (content, details) => `The tool returned content=${content}${details === undefined ? "" : ` details=${details}`}`,
  domainFailure: "The tool reported a failure itself (isError=true): nothing was thrown, and the result is paired all the same.",
  recordedResult: (content) => `The recorded result: content=${content}`,
  notRecorded: (message) => `The log holds no result for this call, so the app's stand-in fails it: ${message}`,
  recordedFailure: "The log recorded this call as a failure (isError=true): played back as it was, and paired all the same.",
  resultWrapped: (callId) => `The executor wraps the output in a toolResult message; toolCallId=${callId} pairs it with the request:`,
  threw: (message) => `The tool threw: ${message}`,
  threwCaught: "The app catches it (keeping the message, dropping the stack) and builds an isError=true tool result:",
  argumentProblem: (path, expected, received) => {
    if (path === "") return `arguments must be ${expectation(expected)}, got ${received ?? "undefined"}`;
    if (received === undefined) return `parameter ${path} is missing (expected ${expectation(expected)})`;
    return `parameter ${path} must be ${expectation(expected)}, got ${received}`;
  },

  resultsStep: (step) => `[${step}] Put the tool result back into the history as a message of its own`,
  stoppedAtCap: (maxTurns, length, systemPrompt) =>
    `Stopping here at maxTurns=${maxTurns}. The next request would send ${systemPrompt ? "the system prompt, " : ""}these ${length} messages and the tool list to the model again.`,
  order: (finishOrder, callOrder) => `Finishing order: ${finishOrder.join(", ")}; order appended to the history (the call order): ${callOrder.join(", ")}`,
  abortCause: (kind, ms, signal) => (kind === "timeout" ? `timed out after ${ms} ms` : `interrupted by ${signal && signal !== "SIGINT" ? signal : "Ctrl-C"}`),
  endedByModelError: "The model's reply ended in an error; the run stops here.",
  endedByAbort: (reason, length) => `Run aborted (${reason}): every unfinished call got a paired result, and the history (${length} messages) is still valid.`,
  userJoined: (step, length) => `[${step}] The user writes again: the message joins the history (now ${length}) and goes out with the next request`,
  awaitingReply: (length) => `The log ends here: it holds this request (${length} messages) but not the model's reply to it, so the replay stops.`,
  lintFinding: (text, warning) =>
    warning ? `The API accepts this message, but a harness should not send it: ${text}` : `This is the message the API refused: ${text}`,
  unusedReplies: (count) => `FakeModel: ${count} scripted repl${count === 1 ? "y was" : "ies were"} never requested`,
  finished: (turns) => `The model asked for no more tools: the conversation is over (${turns} model request${turns === 1 ? "" : "s"}).`,
  finishedAfterDrop: (turns) => `You removed every call of this reply, so the conversation ends here (${turns} model request${turns === 1 ? "" : "s"}).`,

  wireHeading: (provider, endpoint, next) => `${next ? "Were the run to go on, the next" : "This"} request as ${provider} receives it (${endpoint}):`,
  wireDeltaHeading: (provider, endpoint, next) =>
    `${next ? "Were the run to go on, the next" : "This"} request as ${provider} receives it (${endpoint}), where it differs from the previous one:`,
  wireAsBefore: (places) => `The rest is as in the previous request: ${places.join(", ")}`,
  wireRemoved: (keys) => `In the previous request but not in this one: ${keys.join(", ")}`,
  wireNote: (note) => {
    switch (note.kind) {
      case "syntheticResult":
        return `The wire view added a result: ${note.toolName}#${note.toolCallId} has no toolResult yet and providers refuse an unanswered call, so an isError "${note.text}" stands in`;
      case "idRewritten":
        return `The wire view rewrote a call id: ${note.from} → ${note.to} (the provider's id rule refuses it as it is; the call and its result share the new id)`;
      case "strayResultDropped":
        return `The wire view left out messages.${note.messageIndex}: the result for toolCallId=${note.toolCallId} answers no call`;
      case "emptyAssistantDropped":
        return `The wire view left out messages.${note.messageIndex}: an assistant message with nothing in it`;
      case "argumentsReplaced":
        return `The wire view replaced the arguments of ${note.toolCallId} with {}: this provider takes only an object, and the model sent ${json(note.original)}`;
      case "blankTextDropped":
        return `The wire view left out a whitespace-only text block of messages.${note.messageIndex}: Anthropic and Gemini refuse one`;
      case "blankUserMessageFilled":
        return `The wire view sent messages.${note.messageIndex} as "${note.text}": the user message has nothing visible in it, and providers refuse a blank one`;
      case "duplicateIdRenamed":
        return `The wire view renamed call ${note.occurrence} with id ${note.id}: ${note.id} → ${note.to} (providers refuse a repeated id; its result carries the new id too)`;
      case "toolNameRewritten":
        return `The wire view rewrote a tool name: ${JSON.stringify(note.from)} → ${note.to} (the provider's name rule refuses it as it is; the definition and the calls share the new name)`;
      case "thinkingDropped":
        return `The wire view left out the thinking of messages.${note.messageIndex}: this provider takes reasoning back only with a signature it issued`;
      case "imageDropped":
        return `The wire view left out an ${note.mimeType} image (${note.where}): this provider cannot carry an image there`;
    }
  },
  jsonSyntaxProblem: (problem) => syntaxProblems[problem],
  fixtureProblem: (problem: FixtureProblem) => {
    switch (problem.kind) {
      case "notFound":
        return "no such file";
      case "isDirectory":
        return "this is a directory, not a fixture file";
      case "unreadable":
        return `cannot read it: ${problem.reason}`;
      case "tooLarge":
        return `the file is too large (${problem.bytes} bytes; the limit is ${problem.limit})`;
      case "exceedsLimit":
        return `more than ${problem.limit} bytes arrived, the limit; reading stopped there`;
      case "notRegularFile":
        return "this is not a regular file (a device, pipe or socket); save the fixture to a file, or pipe it to /dev/stdin";
      case "duplicateKey":
        return `the key "${problem.key}" appears twice in one object; JSON would silently keep only the second`;
      case "unknownKey":
        return problem.suggestion === undefined
          ? `unknown key "${problem.key}" (expected one of: ${problem.known.join(", ")})`
          : `unknown key "${problem.key}" — did you mean "${problem.suggestion}"? (expected one of: ${problem.known.join(", ")})`;
      case "noAlternative": {
        const options = problem.alternatives.map((option) =>
          option.keys ? `${expectation(option.expected)} with keys ${option.keys.join(", ")}` : expectation(option.expected),
        );
        const expected = options.join(" or ");
        return problem.received === undefined ? `missing key (expected ${expected})` : `expected ${expected}, got ${json(problem.received)}`;
      }
      case "invalidUtf8":
        return `not valid UTF-8 text`;
      case "syntax": {
        const { problem: kind, found } = problem.error;
        return `JSON syntax error: ${syntaxProblems[kind]}${found === undefined ? "" : ` (found ${JSON.stringify(found)})`}`;
      }
      case "shape": {
        const { expected, received } = problem.error;
        const what = received === undefined ? `missing key (expected ${expectation(expected)})` : `expected ${expectation(expected)}, got ${json(received)}`;
        return what;
      }
      case "unknownTool":
        return `there is no tool named "${problem.name}" (expected one of: ${problem.known.join(", ")})`;
    }
  },
  unknownFixture: (name, known) => `Unknown fixture "${name}" (expected one of: ${known.join(", ")}; or give a path to a .json file)`,
  interrupted: (signal) =>
    `Interrupted (${signal && signal !== "SIGINT" ? signal : "Ctrl-C"}): every call in progress got a paired aborted result; the history is still valid.`,
  modelFailed: (refusal) => {
    switch (refusal.kind) {
      case "scriptExhausted":
        return `FakeModel refused the request: there is no reply for request ${refusal.requestNumber}; the script holds ${refusal.scriptLength}. Add a reply to the script, or end the conversation sooner.`;
      case "pairing": {
        const { kind, messageIndex, toolCallIds } = refusal.problem;
        return kind === "unanswered"
          ? `FakeModel refused the request (a real provider answers 400): in messages.${messageIndex}, the calls ${toolCallIds.join(", ")} are not followed by their toolResult messages`
          : `FakeModel refused the request (a real provider answers 400): the toolCallId ${toolCallIds.join(", ")} in messages.${messageIndex} answers no call of the assistant message before it`;
      }
      case "other":
        return `FakeModel refused the request: ${refusal.message}`;
    }
  },
  npmSwallowedOption: (option, command) =>
    `npm took ${option} as one of its own options, so the playground never saw it. Put -- before the playground's options: ${command}`,
};

export default en;

/** One of a person's edits, as the note under the message names it. */
function editedPartEn(edit: AppliedEdit): string {
  switch (edit.kind) {
    case "arguments":
      return `the arguments of ${edit.callId}`;
    case "name":
      return `the tool name of ${edit.callId}`;
    case "drop":
      return `${edit.callId} removed`;
    case "add":
      return `${edit.callId} added`;
    case "text":
      return "the text";
  }
}
