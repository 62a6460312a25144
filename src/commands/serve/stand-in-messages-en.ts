// serve --interactive's prompts in English.
import type { StandInMessages } from "./stand-in-messages.ts";

const keys = "↑↓ to choose, Enter to confirm, Ctrl-C or Esc to end";

const standInEn: StandInMessages = {
  heading: (number, provider, streamed) => `── request ${number} · ${provider}${streamed ? ", streamed" : ""} · you answer as the model ──`,
  point: (episode, reply, replies) =>
    reply > replies
      ? `episode ${episode}, reply ${reply}: past the script's end (it holds ${replies})`
      : `episode ${episode}, asks for reply ${reply} of ${replies}`,
  history: (messages) => `The history as the harness sent it (${messages} message(s)):`,
  scriptAnswers: "The script's reply here:",
  pastEnd: "The script has no reply here: write one, or answer with a fault.",
  choose: (number, waiting, oldestSeconds) =>
    `Request ${number}: what does the model answer?${waiting > 0 ? ` (${waiting} more waiting, the oldest for ${oldestSeconds} s)` : ""} (${keys})`,
  choice: {
    script: "Send the script's reply as it is",
    edit: "Change the script's reply: edit a call's arguments, rename it or drop it",
    add: "Add a call to one of the declared tools",
    text: "Answer with a text of your own (no calls)",
    fault: "Answer with a fault (rate limit, overloaded, …)",
    end: "End the session: the rest get the script's replies, then save",
  },
  reviewCall: (name, id, json) => `Call ${name === "" ? "(an empty name)" : name} (id=${id}), arguments=${json}: (${keys})`,
  callKeep: "Keep it as it is",
  callEdit: "Edit its arguments (JSON)",
  callRename: "Rename the tool",
  callDrop: "Drop the call",
  editArguments: "Arguments, as JSON (Tab to edit the current ones; Enter to send, Ctrl-C or Esc to end):",
  invalidJson: (line, column, problem) => `Not valid JSON: line ${line}, column ${column}: ${problem}. Fix it and press Enter.`,
  refusedBySchema: (tool, problem) => `${tool}'s declared schema refuses these arguments: ${problem}. Fix them and press Enter.`,
  renameTool: (known) => `New tool name (the harness declared: ${known.join(", ") || "none"}; Tab to edit the current one, Enter to submit):`,
  emptyName: "A tool name can be any string, but not blank.",
  pickTool: `Which declared tool? (${keys})`,
  noTools: "The harness declared no tools: there is nothing to call.",
  writeText: "The reply's text (Enter to send):",
  pickFault: `Which fault? Each is answered in the provider's own status, body and headers (${keys})`,
  gone: (number) => `Request ${number}: the client gave up while waiting; skipped.`,
  ended: "The session ends: requests still to come get the script's replies.",
  saveConfirm: (answered) => `Save this session as a fixture${answered > 0 ? ` (with the ${answered} answer(s) you made)` : ""}?`,
  savePath: "Save it to which file? (Enter to confirm)",
  overwrite: (path) => `${path} exists. Overwrite it?`,
  saved: (path, command) => `Saved: ${path}. Serve it again with ${command}`,
  saveFailed: (path, problem) =>
    problem.kind === "directory"
      ? `${path} is a folder; give a file name.`
      : problem.kind === "symlink"
        ? `${path} is a symbolic link; it is not written through. Choose another name.`
        : `Could not save to ${path}: ${problem.reason}. Nothing was written; choose another path.`,
  needsTerminal: "serve --interactive needs a terminal on stdin. Leave out --interactive to serve the fixture as it is.",
  cancelled: "Left the session (Ctrl-C / Esc); nothing was saved.",
};

export default standInEn;
