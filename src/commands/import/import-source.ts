// The neutral import engine: text in (a request body or a Pi session), a fixture and its report
// out, or one located reason why not. It detects the format from the shape (unless told), hands
// the body to its provider's parser, builds the fixture, replays it once to measure where the
// replay's last request differs from the body, and lints the body by the provider's rules.
import type { Fixture, Language } from "../../fixture/fixture-format.ts";
import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { locateJsonPointers } from "../../json/json-locations.ts";
import { findJsonSyntaxError, type JsonSyntaxProblem } from "../../json/json-syntax.ts";
import type { Message } from "../../protocol/types.ts";
import { type DetectionProblem, detectBodyProvider, type ProviderId, providers } from "../../providers/registry.ts";
import { ImportError, type ImportedConversation, type ImportNote } from "../../providers/shared/imported-conversation.ts";
import { lintBody } from "../../providers/shared/lint-body.ts";
import type { MalformedSource } from "../../providers/shared/malformed-source.ts";
import type { Finding } from "../../providers/shared/rule.ts";
import { conversationToFixture } from "./conversation-to-fixture.ts";
import type { ImportFormat } from "./import-formats.ts";
import { diffJson, type JsonDifference } from "./json-diff.ts";
import { looksLikePiSession, parsePiSession } from "./pi-session.ts";
import { replayFixture } from "./replay-fixture.ts";

export interface Located {
  line: number;
  column: number;
}

export interface ImportReport {
  format: ImportFormat;
  detected: boolean;
  counts: { users: number; replies: number; calls: number; results: number; tools: number };
  notes: (ImportNote & Partial<Located>)[];
  /** Where the replay's last request differs from the body (key order aside); empty for a Pi session. */
  differences: (JsonDifference & Partial<Located>)[];
  /** The provider's rules broken by the body, each with the message it is narrated at. */
  findings: (Finding & Partial<Located> & { messageIndex: number | undefined })[];
  branches: ImportedConversation["branches"];
}

/** Why a source is refused, as data: the command words it in the run's language. */
export type ImportProblem =
  /** What a parser found wrong with the source (an ImportError's problem). */
  | { kind: "malformed"; source: MalformedSource }
  | { kind: "branchNeedsPiSession" }
  | { kind: "notJson"; syntax: JsonSyntaxProblem | undefined }
  | { kind: "unknownShape"; detection: DetectionProblem }
  /** --from named a provider, and the body is not an object. */
  | { kind: "notAnObject" };

export type ImportOutcome =
  | { ok: true; fixture: Fixture; report: ImportReport }
  | { ok: false; problem: ImportProblem; pointer?: string; line?: number; column?: number };

export interface ImportOptions {
  from?: ImportFormat;
  branch?: string;
  /** The fixture's title (say, the file name). */
  title: string;
  /** The language of the report's fix texts (the run's); English when left out. */
  lang?: Language;
}

export async function importSource(text: string, options: ImportOptions): Promise<ImportOutcome> {
  const isPi = options.from === "pi-session" || (options.from === undefined && looksLikePiSession(text));
  if (isPi) {
    try {
      const conversation = parsePiSession(text, options.branch);
      return { ok: true, ...(await finish(conversation, undefined, text, options)) };
    } catch (error) {
      if (error instanceof ImportError)
        return {
          ok: false,
          problem: { kind: "malformed", source: error.problem },
          pointer: error.pointer,
          ...(error.line === undefined ? {} : { line: error.line, column: error.column ?? 1 }),
        };
      throw error;
    }
  }
  if (options.branch !== undefined) return { ok: false, problem: { kind: "branchNeedsPiSession" } };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const problem = findJsonSyntaxError(text);
    return { ok: false, problem: { kind: "notJson", syntax: problem?.problem }, ...(problem ? { line: problem.line, column: problem.column } : {}) };
  }
  let provider: ProviderId;
  if (options.from !== undefined && options.from !== "pi-session") provider = options.from;
  else {
    const detected = detectBodyProvider(body);
    if (detected.provider === undefined) return { ok: false, problem: { kind: "unknownShape", detection: detected.problem }, pointer: "" };
    provider = detected.provider;
  }
  if (!isRecord(body)) return { ok: false, problem: { kind: "notAnObject" }, pointer: "" };
  try {
    const conversation = (await providers[provider].load()).readRequest(body);
    return { ok: true, ...(await finish(conversation, { body, provider }, text, options)) };
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    // A missing key has no place of its own: the object that lacks it is pointed at instead.
    const candidates = ancestors(error.pointer);
    const locations = locateJsonPointers(text, candidates);
    const where = candidates.map((candidate) => locations.get(candidate)).find((found) => found !== undefined);
    return {
      ok: false,
      problem: { kind: "malformed", source: error.problem },
      pointer: error.pointer,
      ...(where ? { line: where.value.line, column: where.value.column } : {}),
    };
  }
}

async function finish(
  conversation: ImportedConversation,
  source: { body: JsonObject; provider: ProviderId } | undefined,
  text: string,
  { title, from, lang = "en" }: ImportOptions,
): Promise<{ fixture: Fixture; report: ImportReport }> {
  const detected = from === undefined;
  const { fixture, notes: fixtureNotes, mismatches } = conversationToFixture(conversation, title);
  const messages = conversation.context.messages;
  const counts = { users: 0, replies: 0, calls: 0, results: 0, tools: conversation.context.tools.length };
  for (const message of messages) {
    if (message.role === "user") counts.users++;
    else if (message.role === "toolResult") counts.results++;
    else {
      counts.replies++;
      for (const block of message.content) if (block.type === "toolCall") counts.calls++;
    }
  }
  const notes = [...conversation.notes, ...fixtureNotes];
  if (source === undefined) {
    return { fixture, report: { format: "pi-session", detected, counts, notes, differences: [], findings: [], branches: conversation.branches } };
  }
  const { body, provider } = source;
  // The rules first, while the heap holds only the body and the conversation: what they find
  // decides whether the replay's history is kept at all, and the replay and its render are then
  // let go as soon as they are compared (every copy alive at once made the collector the import's
  // largest cost on a long log).
  const messageAt = messageLocator(conversation.messagePointers);
  const findings = lintBody(body, (await providers[provider].load()).rules, lang).map((finding) => ({
    ...finding,
    messageIndex: messageAt(finding.pointer),
  }));
  const episode = fixture.episodes[0];
  // A call the harness ran although its arguments break the declared schema: the replay gives the
  // recorded answer, and says at the reply that the mismatch was the harness's — unless lint's
  // arguments-schema rule already says so there.
  const saidByLint = new Set(findings.flatMap((finding) => (finding.rule === "arguments-schema" ? [finding.messageIndex] : [])));
  const harnessMismatches = mismatches.filter((mismatch) => mismatch.ran && !saidByLint.has(mismatch.messageIndex));
  // Matched only when something is to be said at a message: most bodies break no rule.
  const sayAtMessages = episode !== undefined && findings.length + harnessMismatches.length > 0;
  const { differences, replayIndex } = await compareReplay(fixture, body, provider, sayAtMessages ? messages : undefined);
  if (episode && replayIndex) {
    // Said at the message in the replay; a finding about no message (a tool list) at the first one.
    episode.lintFindings = [
      ...findings.map((finding) => ({
        message: (finding.messageIndex === undefined ? undefined : replayIndex[finding.messageIndex]) ?? 0,
        text: `${finding.provider}/${finding.rule} at ${finding.pointer || "/"}: ${finding.message}`,
        warning: finding.severity === "warning" ? true : undefined,
      })),
      ...harnessMismatches.map((mismatch) => ({
        message: replayIndex[mismatch.messageIndex] ?? 0,
        text: `import/arguments-schema at ${conversation.messagePointers[mismatch.messageIndex] || "/"}: the arguments of call ${mismatch.callId} do not match the declared schema of ${mismatch.tool} (${mismatch.errorEn}), yet the log answers the call with a result not flagged as an error: the harness ran it, and the replay gives that recorded result`,
        warning: true,
      })),
    ];
  }
  const locations = locateJsonPointers(text, [
    ...notes.map((note) => note.pointer),
    ...differences.flatMap((difference) => ancestors(difference.pointer)),
    ...findings.map((finding) => finding.pointer),
  ]);
  const place = (pointer: string): Partial<Located> => {
    for (const candidate of ancestors(pointer)) {
      const found = locations.get(candidate);
      if (found) return { line: found.value.line, column: found.value.column };
    }
    return {};
  };
  return {
    fixture,
    report: {
      format: provider,
      detected,
      counts,
      notes: notes.map((note) => ({ ...note, ...place(note.pointer) })),
      differences: differences.map((difference) => ({ ...difference, ...place(difference.pointer) })),
      findings: findings.map((finding) => ({ ...finding, ...place(finding.pointer) })),
      branches: undefined,
    },
  };
}

/** The fixture replayed once, its last request rendered and compared with the body; and, when
 *  `imported` is given, where each of its messages sits in the replay's history. Its own function,
 *  so the replay and the render are garbage once it returns. */
async function compareReplay(
  fixture: Fixture,
  body: JsonObject,
  provider: ProviderId,
  imported: readonly Message[] | undefined,
): Promise<{ differences: JsonDifference[]; replayIndex: (number | undefined)[] | undefined }> {
  const replay = await replayFixture(fixture);
  const replayed = replay.lastRequest ? providers[provider].request.render(replay.lastRequest).body : undefined;
  return { differences: diffJson(body, replayed), replayIndex: imported && matchReplayHistory(imported, replay.history) };
}

/**
 * Where each imported message sits in the replay's history: users and replies in order, a result
 * by its call id after its reply. The replay may add results (for calls the log never answered)
 * or order them by call, so positions are matched, not assumed.
 */
function matchReplayHistory(imported: readonly Message[], replayed: readonly Message[]): (number | undefined)[] {
  const used = new Set<number>();
  let cursor = 0;
  let lastReply = 0;
  // The replay's results by call id, in order, each list read from where it was left: a result is
  // looked for after the last matched reply, which only moves forward, so one pass over the
  // history does for all of them (scanning from the start for each result was quadratic).
  const resultsById = new Map<string, { indices: number[]; next: number }>();
  replayed.forEach((candidate, index) => {
    if (candidate.role !== "toolResult") return;
    const entry = resultsById.get(candidate.toolCallId);
    if (entry) entry.indices.push(index);
    else resultsById.set(candidate.toolCallId, { indices: [index], next: 0 });
  });
  return imported.map((message) => {
    if (message.role === "toolResult") {
      const entry = resultsById.get(message.toolCallId);
      if (!entry) return undefined;
      while (entry.next < entry.indices.length && (entry.indices[entry.next] ?? 0) <= lastReply) entry.next++;
      const found = entry.indices[entry.next];
      if (found === undefined) return undefined;
      entry.next++;
      used.add(found);
      return found;
    }
    for (let index = cursor; index < replayed.length; index++) {
      if (replayed[index]?.role === message.role && !used.has(index)) {
        used.add(index);
        cursor = index + 1;
        if (message.role === "assistant") lastReply = index;
        return index;
      }
    }
    return undefined;
  });
}

/**
 * The message a pointer falls in: the one whose source pointer is the longest prefix of it (the
 * first such message when two share a pointer). The map is built once, at the first lookup (a
 * body that breaks no rule needs none); each lookup walks the pointer's own ancestors, longest
 * first, instead of every message's pointer.
 */
function messageLocator(messagePointers: readonly string[]): (pointer: string) => number | undefined {
  let byPointer: Map<string, number> | undefined;
  return (pointer) => {
    if (byPointer === undefined) {
      byPointer = new Map();
      for (const [index, candidate] of messagePointers.entries()) if (!byPointer.has(candidate)) byPointer.set(candidate, index);
    }
    for (const candidate of ancestors(pointer)) {
      const index = byPointer.get(candidate);
      if (index !== undefined) return index;
    }
    return undefined;
  };
}

/** The pointer itself, then each parent up to the root. */
function ancestors(pointer: string): string[] {
  const list = [pointer];
  for (let cut = pointer.lastIndexOf("/"); cut > 0; cut = pointer.lastIndexOf("/", cut - 1)) list.push(pointer.slice(0, cut));
  if (pointer !== "") list.push("");
  return list;
}
