// Turns an interactive run back into a fixture: the replies as the learner left them (edits
// included, the unused rest kept), a description of each edit, and files written so that nothing
// is overwritten without asking and nothing is left half-written.
import { lstat, mkdir, rename, unlink, writeFile } from "node:fs/promises";
import { dirname, relative, resolve } from "node:path";
import type { Episode, Fixture } from "../../fixture/fixture-format.ts";
import type { StreamPlan } from "../../agent/stream-plan.ts";
import type { ReplyExpectation } from "../serve/expectations.ts";
import type { ScriptedReply } from "../../agent/fake-model.ts";
import { isUserTurn, type UserTurn } from "../../fixture/conversation-format.ts";
import { json } from "../../narration/format.ts";
import type { TextContent, ToolCall, ValidationPolicy } from "../../protocol/types.ts";

export interface SessionEdit {
  episode: number;
  turn: number;
  callId: string;
  kind: "arguments" | "name" | "dropped";
  from: unknown;
  to: unknown;
}

export function editedFixture(fixture: Fixture, scripts: (ScriptedReply | UserTurn)[][], edits: SessionEdit[], validation: ValidationPolicy | undefined): Fixture {
  const notes = edits.map((edit) => `episode ${edit.episode + 1}, turn ${edit.turn}, ${edit.callId}: ${describeEdit(edit)}`);
  return {
    ...fixture,
    description: ["Saved from tool-call-playground --interactive.", ...notes].join(" "),
    episodes: fixture.episodes.map((episode, index) => ({
      ...episode,
      // A policy switched during the session applies to the whole replay.
      ...(validation === undefined ? {} : { validation }),
      // A fixture scripts text and calls only; a replayed fixture never produced anything else.
      // A reply's stream plan (--stream) and expectations (serve) are kept as the fixture had them.
      script: scripts[index]?.map((item, itemIndex) => (isUserTurn(item) ? item : { content: item.content.filter(isScriptable), stopReason: item.stopReason, errorMessage: item.errorMessage, ...keptOf(episode.script[itemIndex]) })) ?? episode.script,
    })),
  };
}

function isScriptable(block: ScriptedReply["content"][number]): block is TextContent | ToolCall {
  return block.type !== "thinking";
}

function describeEdit(edit: SessionEdit): string {
  switch (edit.kind) {
    case "arguments":
      return `arguments ${json(edit.from)} → ${json(edit.to)}`;
    case "name":
      return `tool ${json(edit.from)} → ${json(edit.to)}`;
    case "dropped":
      return `call to ${json(edit.from)} dropped`;
  }
}

/** The fixture as a file: `$schema` points at the project's schema from wherever it is saved. */
export function fixtureText(fixture: Fixture, file: string, schemaFile: string): string {
  const schema = relative(dirname(resolve(file)), schemaFile).split("\\").join("/");
  const { $schema: _previous, ...rest } = fixture;
  return `${JSON.stringify({ $schema: schema, ...rest }, null, 2)}\n`;
}

/** Why a save did not happen, as data: the session words it and asks for another path. */
export type SaveProblem = { kind: "directory" } | { kind: "symlink" } | { kind: "io"; reason: string };

export class SaveError extends Error {
  override readonly name = "SaveError";
  constructor(readonly problem: SaveProblem) {
    super(problem.kind === "io" ? problem.reason : problem.kind);
  }
}

/** What is at `file` now, without following a symlink (a dangling one counts as one). */
export async function destinationKind(file: string): Promise<"none" | "file" | "directory" | "symlink" | "other"> {
  try {
    const info = await lstat(file);
    if (info.isSymbolicLink()) return "symlink";
    if (info.isDirectory()) return "directory";
    return info.isFile() ? "file" : "other";
  } catch {
    return "none";
  }
}

/** Written beside and renamed into place: an interrupted or failed save leaves no half a fixture
 *  and no temporary file. Refuses a directory or a symlink at `file` (a link could point anywhere).
 *  Throws only SaveError. */
export async function writeFixtureFile(file: string, text: string): Promise<void> {
  if (/[\\/]$/.test(file)) throw new SaveError({ kind: "directory" });
  const kind = await destinationKind(file);
  if (kind === "directory") throw new SaveError({ kind: "directory" });
  if (kind === "symlink") throw new SaveError({ kind: "symlink" });
  const temporary = `${file}.${process.pid}.tmp`;
  const failed = (error: unknown) => new SaveError({ kind: "io", reason: error instanceof Error ? error.message : String(error) });
  try {
    await mkdir(dirname(resolve(file)), { recursive: true });
  } catch (error) {
    throw failed(error);
  }
  try {
    await writeFile(temporary, text, { flag: "wx" });
  } catch (error) {
    // A full disk leaves part of the temporary file; one that already existed is not ours.
    if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) await unlink(temporary).catch(() => undefined);
    throw failed(error);
  }
  try {
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw failed(error);
  }
}

function keptOf(item: Episode["script"][number] | undefined): { stream: StreamPlan | undefined; expect: ReplyExpectation | undefined } {
  return item === undefined || isUserTurn(item) ? { stream: undefined, expect: undefined } : { stream: item.stream, expect: item.expect };
}
