import type { DiagramMessages } from "./diagram-messages.ts";

const skipped = {
  duplicateId: "its id repeats an earlier call's",
  truncated: "the reply was cut off",
  modelError: "the reply ended in an error",
  notStarted: "the run stopped first",
  aborted: "the run was aborted",
} as const;

const messages: DiagramMessages = {
  heading: "The run as a sequence diagram",
  legend: {
    arrow: "──▶  a message: a request, the user's message, a call handed to a tool",
    reply: "┄┄▶  an answer: the model's reply, a tool's output",
    failure: "══✗  a failure: a refused call, an isError result, a reply cut off",
    retry: "··▶  a retry: a request that carries a failed result back to the model",
    self: " ↺   the app's own step: lookup, parse, the toolResult it appends",
  },
  episode: (index, title, steps) =>
    `${steps === undefined ? `Episode ${index + 1}` : steps.first === steps.last ? `Step [${steps.first}]` : `Steps [${steps.first}]–[${steps.last}]`}${title === undefined ? "" : `: ${title}`}`,
  user: (text) => `user: ${text}`,
  request: (turn, messages, tools) =>
    `request ${turn}: resends ${messages} message${messages === 1 ? "" : "s"}${tools > 0 ? ` + ${tools} tool${tools === 1 ? "" : "s"}` : ", no tool list"}`,
  reply: (text, calls, stopReason) => {
    const parts = [...(text === "" ? [] : [JSON.stringify(text)]), ...calls.map((call) => `toolCall ${call.name}#${call.id}`)];
    return `reply: ${parts.length === 0 ? "(empty)" : parts.join(" + ")} stopReason=${stopReason}`;
  },
  lookup: (call, found) => (found ? `lookup ${call.name}: found` : `lookup ${call.name}: no such tool`),
  parse: (call, passed, problem) =>
    passed ? `parse ${call.name}#${call.id}: passed` : `parse ${call.name}#${call.id}: failed${problem === undefined ? "" : ` at ${problem}`}`,
  execute: (call, recorded) => (recorded ? `play back ${call.name}#${call.id} from the log` : `execute ${call.name}#${call.id}`),
  output: (_call, threw, text) => (threw ? `threw: ${text}` : `returned ${text}`),
  result: (call, isError, text) => `toolResult ${call.name}#${call.id} isError=${isError} ${JSON.stringify(text)}`,
  skipped: (call, reason) => `${call.name}#${call.id} not run: ${skipped[reason]}`,
  served: (number, provider, path, messages, tools, findings) =>
    `#${number} ${provider} POST ${path}: ${messages} message${messages === 1 ? "" : "s"}, ${tools} tool${tools === 1 ? "" : "s"}${findings.length === 0 ? "" : `, ${findings.length} finding${findings.length === 1 ? "" : "s"}`}`,
  refusal: (number, status, message) => `#${number} refused ${status}: ${message}`,
  end: ({ reason, turns, historyLength }) => {
    switch (reason) {
      case "stop":
        return `done after ${turns} request${turns === 1 ? "" : "s"}: the last reply asked for no tool`;
      case "maxTurns":
        return `stopped at maxTurns=${turns}: the next request would resend ${historyLength} messages`;
      case "modelError":
        return "ended: the model's reply was an error";
      case "aborted":
        return "ended: the run was aborted";
      case "awaitingReply":
        return `the log holds no reply to the last request (${historyLength} messages)`;
    }
  },
  folded: (count, first, last) => `… ${count}× the same turn again (requests ${first}–${last})`,
  cannotWrite: (file, why) => `--html ${file}: not written: ${why}`,
  wrotePage: (file) => `wrote ${file}: open it in a browser`,
  htmlCannotServe: (option) =>
    option === "serve"
      ? "--html writes the page of a finished run; serve shows its live page at its own address instead (open the URL it prints)"
      : `--html cannot be combined with ${option}: it writes the page of a fixture run played through`,
  cannotCombine: (option, other) => `${option} cannot be combined with ${other}: both print on stdout`,
  page: {
    message: "Message",
    history: (length) => `History at this request (${length} message${length === 1 ? "" : "s"})`,
    body: "Request body",
    provider: "Provider",
    noRequest: "Before the first request: no request body yet.",
    close: "Close",
    open: "Open an arrow (click, or Tab then Enter) to see its message, the history at that request and the request body.",
    liveTitle: "serve: the session so far",
    liveWaiting: "Waiting for a request…",
    liveLeftOut: (count) => `the ${count} earliest exchange(s) are no longer shown`,
    findings: "Rule findings",
  },
};

export default messages;
