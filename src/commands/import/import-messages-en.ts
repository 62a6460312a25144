// English sentences of import (see import-messages.ts).
import type { ImportMessages } from "./import-messages.ts";

const importEn: ImportMessages = {
  header: (file, format, detected, { users, replies, calls, results, tools }) =>
    `${file}: ${format}${detected ? " (detected from its shape)" : ""}: ${users} user message(s), ${replies} repl${replies === 1 ? "y" : "ies"}, ${calls} call(s), ${results} result(s), ${tools} declared tool(s)`,
  wrote: (file) => `wrote ${file}`,
  branchesHeading: (count) => `branches (${count}; --branch <id> picks another):`,
  branch: (leafId, entries, chosen) => `  ${chosen ? "*" : " "} ${leafId}  ${entries} entries${chosen ? "  (imported)" : ""}`,
  nothingDropped: "nothing was dropped or changed on the way in",
  droppedHeading: (count) => `dropped, changed or filled in (${count}):`,
  roundTripEqual: "round trip: the replay's last request equals the body (key order aside)",
  roundTripDiffers: (count) => `round trip: the replay's last request differs from the body at ${count} place(s):`,
  difference: (body, replay) => `body ${body}  replay ${replay}`,
  absent: "(absent)",
  moreDifferences: (count) => `  … and ${count} more`,
  lintClean: (format) => `lint (${format}): no rule broken`,
  lintFindings: (format, count) => `lint (${format}): ${count} finding(s), narrated at their messages:`,
  warningMark: " (warning)",
  fixLabel: "fix: ",
  branchNeedsPiSession: "--branch applies to a Pi session only",
  unknownShape: (why) => `unknown shape: ${why}`,
  notAnObject: "unknown shape: a request body is a JSON object",
  notUtf8: "not UTF-8 text",
  tooDeepToWrite: (file) => `${file}: cannot write the fixture: the conversation is nested too deeply to write as JSON`,
  emptyOutput: '-o needs a file name ("-" for stdout); nothing was read or written',
  cannotWrite: (file, why) => `${file}: cannot write: ${why}`,
};

export default importEn;
