// Turns an interactive run back into a fixture: the replies as the learner left them (edits
// included, the unused rest kept), a description of each edit, and files written so that nothing
// is overwritten without asking and nothing is left half-written.
import { access, mkdir, rename, writeFile } from "node:fs/promises";
import { dirname, relative, resolve } from "node:path";
import type { Fixture } from "../fixture/fixture-format.ts";
import type { ScriptedReply } from "../fake-model.ts";
import { isUserTurn, type UserTurn } from "../fixture/conversation-format.ts";
import { json } from "../render/format.ts";
import type { TextContent, ToolCall, ValidationPolicy } from "../types.ts";

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
      // A fixture scripts text and calls only; a replayed fixture never produced anything else. A
      // reply's stream plan (--stream) is kept as the fixture had it.
      script:
        scripts[index]?.map((item, itemIndex) => {
          if (isUserTurn(item)) return item;
          const original = episode.script[itemIndex];
          return { content: item.content.filter(isScriptable), stopReason: item.stopReason, stream: original && !isUserTurn(original) ? original.stream : undefined };
        }) ?? episode.script,
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

export async function fileExists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Written beside and renamed into place: an interrupted save leaves no half a fixture. */
export async function writeFixtureFile(file: string, text: string): Promise<void> {
  await mkdir(dirname(resolve(file)), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text, { flag: "wx" });
  await rename(temporary, file);
}
