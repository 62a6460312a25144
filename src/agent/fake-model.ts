// FakeModel: a scripted stand-in for a provider. It replays assistant replies in order, needs no
// network or key, and checks each request the way a real API would, so a harness that breaks the
// protocol fails here first. It records every context it was sent, for tests to inspect.
import { type PairingProblem, ToolPairingScan } from "../protocol/tool-pairing.ts";
import type { AssistantMessage, Context, Model, StopReason } from "../protocol/types.ts";

/** One scripted reply; stopReason defaults to "toolUse" when it has a toolCall, else "stop". */
export interface ScriptedReply {
  content: AssistantMessage["content"];
  stopReason?: StopReason;
  errorMessage?: string;
}

export interface FakeModelOptions {
  /** Clock for the replies' timestamps. */
  now?: () => number;
  /** Keep a copy of every request, for a test to inspect (on by default). Each copy holds the
   *  whole history, so memory grows with turns²: runFixture, and so the CLI, turns it off. */
  recordRequests?: boolean;
  /** Called with each request before it is answered: a test can assert on what the model sees. */
  onRequest?: (context: Context, requestIndex: number) => void;
  /** Answer with fresh blocks, so a harness that edits a reply cannot edit the script behind it (on
   *  by default). A replay that nothing edits and whose script is made for it alone (import's run
   *  of a log) turns it off: a long log's every block was copied for nothing, and kept. */
  copyReplies?: boolean;
}

/** The request itself was invalid: a real provider would answer 400. */
export class ModelRequestError extends Error {
  override readonly name = "ModelRequestError";
  readonly problem: PairingProblem | undefined;

  constructor(message: string, problem?: PairingProblem) {
    super(message);
    this.problem = problem;
  }
}

/** More requests than scripted replies: the script, not the harness, has to change. */
export class ScriptExhaustedError extends Error {
  override readonly name = "ScriptExhaustedError";
  readonly requestNumber: number;
  readonly scriptLength: number;

  constructor(requestNumber: number, scriptLength: number) {
    super(`FakeModel has no reply for request ${requestNumber}: its script holds ${scriptLength}. Add a reply to the script, or end the conversation sooner.`);
    this.requestNumber = requestNumber;
    this.scriptLength = scriptLength;
  }
}

export class FakeModel implements Model {
  readonly requests: Context[] = [];
  readonly #script: readonly ScriptedReply[];
  readonly #options: FakeModelOptions;
  readonly #pairing = new ToolPairingScan();
  #next = 0;

  constructor(script: readonly ScriptedReply[], options: FakeModelOptions = {}) {
    this.#script = script;
    this.#options = options;
  }

  async complete(context: Context): Promise<AssistantMessage> {
    const requestIndex = this.#next;
    this.#options.onRequest?.(context, requestIndex);
    if (this.#options.recordRequests ?? true) this.requests.push(snapshot(context));
    // Checked as a provider checks it: every call answered, by its id, before the conversation moves on.
    const problem = this.#pairing.check(context.messages);
    if (problem) throw new ModelRequestError(describeProblem(problem), problem);

    // The next reply of the script, whatever the request asked.
    const reply = this.#script[requestIndex];
    if (!reply) throw new ScriptExhaustedError(requestIndex + 1, this.#script.length);
    this.#next++;
    // Fresh blocks unless told otherwise (copyReplies says why).
    const content = (this.#options.copyReplies ?? true) ? reply.content.map((block) => ({ ...block })) : reply.content;
    const hasToolCall = content.some((block) => block.type === "toolCall");
    return {
      role: "assistant",
      content,
      stopReason: reply.stopReason ?? (hasToolCall ? "toolUse" : "stop"),
      ...(reply.errorMessage === undefined ? {} : { errorMessage: reply.errorMessage }),
      timestamp: (this.#options.now ?? Date.now)(),
    };
  }

  /** Replies never requested: a script longer than the conversation usually means a bug. */
  unusedReplies(): readonly ScriptedReply[] {
    return this.#script.slice(this.#next);
  }
}

/** The request as it was sent. A snapshot, not a deep clone: the loop never changes a message once
 *  appended, and a deep clone of model data nested ten thousand levels would overflow the stack. */
function snapshot(context: Context): Context {
  return { ...context, messages: [...context.messages], ...(context.tools ? { tools: [...context.tools] } : {}) };
}

// Worded the way providers word it, so a learner recognises the real error later.
function describeProblem(problem: PairingProblem): string {
  const ids = problem.toolCallIds.join(", ");
  return problem.kind === "unanswered"
    ? `400 invalid_request_error: messages.${problem.messageIndex}: toolCall ids were found without toolResult messages immediately after: ${ids}. Each toolCall must be answered by a toolResult with the same toolCallId before the next message.`
    : `400 invalid_request_error: messages.${problem.messageIndex}: unexpected toolCallId found in toolResult: ${ids}. Each toolResult must answer a toolCall of the assistant message before it.`;
}
