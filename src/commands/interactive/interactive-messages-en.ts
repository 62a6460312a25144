// The interactive session's prompts in English.
import type { InteractiveMessages } from "./interactive-messages.ts";

const keys = "↑↓ to choose, Enter to confirm, Ctrl-C or Esc to leave";

const interactiveEn: InteractiveMessages = {
  pickFixture: `Pick a fixture (${keys})`,
  pause: "Next? (Enter to go on; ↑↓ for other actions; Ctrl-C or Esc to leave)",
  pauseNext: "Next step",
  pauseRunToEnd: "Run to the end (no more pauses)",
  pauseShowContext: "Show what the model receives next (history + tool definitions)",
  pauseValidation: (current) => `Switch validation (now ${current}, switch to ${current === "strict" ? "coerce" : "strict"})`,
  pauseLanguage: () => "Switch to Chinese",
  pauseQuit: "Quit (without saving)",
  reviewCall: (name, id, json) => `The model asks to call ${name === "" ? "(an empty name)" : name} (id=${id}), arguments=${json}. Before it runs: (${keys})`,
  callRun: "Run it as scripted",
  callEdit: "Edit its arguments (JSON)",
  callRename: "Rename the tool",
  callDrop: "Drop the call (as if the model never asked)",
  editArguments: "New arguments, as JSON (type them afresh, or Tab to edit the current ones; Enter to submit, Ctrl-C or Esc to leave):",
  invalidJson: (line, column, problem) => `Not valid JSON: line ${line}, column ${column}: ${problem}. Fix it and press Enter.`,
  renameTool: (known) => `New tool name (this run has: ${known.join(", ") || "none"}; Tab to edit the current one, Enter to submit):`,
  emptyName: "A tool name can be any string — even one no tool has — but not blank; to try an empty name, use a fixture.",
  saveConfirm: (edited) => `Save this run${edited ? " (with your edits)" : ""} as a new fixture?`,
  savePath: "Save it to which file? (Enter to confirm)",
  overwrite: (path) => `${path} exists. Overwrite it?`,
  saved: (path, command) => `Saved: ${path}. Replay it with ${command}`,
  saveFailed: (path, problem) =>
    problem.kind === "directory"
      ? `${path} is a folder; give a file name (for example ${path.replace(/[\\/]+$/, "")}/run.json).`
      : problem.kind === "symlink"
        ? `${path} is a symbolic link; it could point anywhere, so it is not written through. Choose another name.`
        : `Could not save to ${path}: ${problem.reason}. Nothing was written; choose another path.`,
  outsideProject: (path, projectFolder) => `${path} is outside the project folder (${projectFolder}). Write there anyway?`,
  validationNow: (policy) => `Validation is now ${policy}, from the next call on.`,
  languageNow: "The narration is now in English.",
  contextHeader: "What the model receives next:",
  cancelled: "Left the session (Ctrl-C / Esc); nothing was saved.",
  needsTerminal: "--interactive needs a terminal on stdin. Leave out --interactive to run the same fixture without prompts.",
  quit: "Quit; nothing was saved.",
};

export default interactiveEn;
