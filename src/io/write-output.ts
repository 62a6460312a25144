// The one way a command writes a file: only a regular file, or a path where nothing is yet; a file
// already there only when the person said so (--force, or yes at a prompt); never one of the
// command's own inputs; never through a symlink (it could point anywhere), neither the file nor a
// folder on the way to it; never into a folder that does not exist; never to an empty path. A file
// replaced keeps its permissions (a 600 file stays 600). The text goes to a temporary file beside the target, then into place in one
// step, so an interrupted or failed write leaves no half a file — and the temporary file is
// removed on the way out even when a second Ctrl-C ends the process mid-write.
import { unlinkSync } from "node:fs";
import { chmod, link, lstat, mkdir, rename, stat, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, resolve, sep } from "node:path";

/** Why a write did not happen, as data: each command words it in the run's language. */
export type WriteProblem =
  | { kind: "directory" }
  /** The file is a symlink, or `folder` (as the path spells it) on the way to it is one. */
  | { kind: "symlink"; folder?: string }
  /** A FIFO, a device or a socket: writing would feed or replace it. */
  | { kind: "notRegularFile" }
  /** A regular file is there and replacing it was not asked for. */
  | { kind: "exists" }
  /** The target is a file the command reads. */
  | { kind: "ownInput" }
  | { kind: "noFolder" }
  | { kind: "interrupted" }
  /** Any other failure of the system: its own message. */
  | { kind: "io"; reason: string };

export class WriteError extends Error {
  override readonly name = "WriteError";
  readonly problem: WriteProblem;

  constructor(problem: WriteProblem) {
    super(problem.kind === "io" ? problem.reason : problem.kind);
    this.problem = problem;
  }
}

export interface WriteOptions {
  /** Replace a regular file already at the target. */
  replace?: boolean;
  /** Files the command read: the target may not be one of them (by identity, so a hard link or
   *  another spelling of the path counts too). */
  inputs?: readonly string[];
  /** Make missing parent folders (a path the program suggested itself); otherwise one is a problem. */
  createFolders?: boolean;
  signal?: AbortSignal;
}

/** `-` names stdout wherever a command takes an output path. */
export function isStdout(target: string): boolean {
  return target === "-";
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

/** Temporary files being written, removed if the process exits before they are renamed. */
const temporaries = new Set<string>();
let cleanupArmed = false;

function armCleanup(): void {
  if (cleanupArmed) return;
  cleanupArmed = true;
  process.once("exit", () => {
    for (const file of temporaries) {
      try {
        unlinkSync(file);
      } catch {
        // Already gone.
      }
    }
  });
}

async function sameFile(a: string, b: string): Promise<boolean> {
  try {
    const [one, two] = await Promise.all([stat(a), stat(b)]);
    return one.dev === two.dev && one.ino === two.ino;
  } catch {
    return false;
  }
}

/** The first folder on the way to `file`, as the path spells it, that is a symlink; undefined when
 *  none is. Only the folders the path names are looked at (`a/b/c.json`: `a`, then `a/b`), from
 *  the root for an absolute path. A folder that does not exist is no symlink (the write then finds
 *  it missing). */
async function symlinkedFolder(file: string): Promise<string | undefined> {
  const names = dirname(file).split(/[\\/]/);
  let at = isAbsolute(file) ? sep : "";
  for (const name of names) {
    if (name === "" || name === ".") continue;
    at = at === "" ? name : join(at, name);
    if (name === "..") continue;
    const info = await lstat(at).catch(() => undefined);
    if (info === undefined) return undefined;
    if (info.isSymbolicLink()) return at;
  }
  return undefined;
}

/** Why `file` cannot take what writeOutputFile would write, or undefined when it can: asked again
 *  when it writes, and before a run by a command that writes only after it (`--html`). */
export async function writeProblem(file: string, options: WriteOptions = {}): Promise<WriteProblem | undefined> {
  const checked = await checkDestination(file, options);
  return typeof checked === "object" ? checked : undefined;
}

/** The problem, or what the writer will find at `file`: nothing yet, or a file it may replace. */
async function checkDestination(file: string, options: WriteOptions): Promise<WriteProblem | "none" | "file"> {
  // An empty path names the current folder, and a trailing slash a folder.
  if (file === "" || /[\\/]$/.test(file)) return { kind: "directory" };
  const linked = await symlinkedFolder(file);
  if (linked !== undefined) return { kind: "symlink", folder: linked };
  const kind = await destinationKind(file);
  if (kind === "directory") return { kind: "directory" };
  if (kind === "symlink") return { kind: "symlink" };
  if (kind === "other") return { kind: "notRegularFile" };
  if (kind === "file") {
    for (const input of options.inputs ?? []) if (await sameFile(input, file)) return { kind: "ownInput" };
    if (!options.replace) return { kind: "exists" };
  }
  if (options.createFolders) return kind;
  const folder = await stat(dirname(resolve(file))).then(
    (info) => info.isDirectory(),
    () => false,
  );
  return folder ? kind : { kind: "noFolder" };
}

/** Writes `text` to `file` as above. Throws only WriteError. */
export async function writeOutputFile(file: string, text: string, options: WriteOptions = {}): Promise<void> {
  const fail = (problem: WriteProblem): never => {
    throw new WriteError(problem);
  };
  const system = (error: unknown): WriteError => new WriteError({ kind: "io", reason: error instanceof Error ? error.message : String(error) });
  const kind = await checkDestination(file, options);
  if (typeof kind === "object") return fail(kind);
  const folder = dirname(resolve(file));
  if (options.createFolders) await mkdir(folder, { recursive: true }).catch((error: unknown) => fail(system(error).problem));
  const temporary = join(folder, `.${basename(file)}.${process.pid}.tmp`);
  armCleanup();
  temporaries.add(temporary);
  const discard = async () => {
    temporaries.delete(temporary);
    await unlink(temporary).catch(() => undefined);
  };
  try {
    await writeFile(temporary, text, { flag: "wx", signal: options.signal });
  } catch (error) {
    // One that already existed is not ours; a full disk or an abort leaves part of ours.
    if (error instanceof Error && "code" in error && error.code === "EEXIST") temporaries.delete(temporary);
    else await discard();
    throw options.signal?.aborted ? new WriteError({ kind: "interrupted" }) : system(error);
  }
  if (options.signal?.aborted) {
    await discard();
    fail({ kind: "interrupted" });
  }
  try {
    if (kind === "file") {
      await chmod(temporary, (await stat(file)).mode & 0o7777);
      await rename(temporary, file);
    } else {
      // A new path: a hard link fails if anything appeared there since the check, where a
      // rename would replace it. A file system without hard links falls back to the rename.
      try {
        await link(temporary, file);
      } catch (error) {
        if (error instanceof Error && "code" in error && error.code === "EEXIST") fail({ kind: "exists" });
        await rename(temporary, file);
      }
    }
  } catch (error) {
    await discard();
    throw error instanceof WriteError ? error : system(error);
  }
  await discard();
}
