// English words for output a command could not write (see output-messages.ts).
import type { OutputMessages } from "./output-messages.ts";

const outputEn: OutputMessages = {
  writeProblem: (problem, force) => {
    switch (problem.kind) {
      case "directory":
        return "it is a folder; give a file name";
      case "symlink":
        return "it is a symbolic link, which could point anywhere; it is not written through";
      case "notRegularFile":
        return "not a regular file (a device, pipe or socket); it is never written over";
      case "exists":
        return `the file exists${force === undefined ? "" : `; give ${force} to replace it`}`;
      case "ownInput":
        return "that is the file being read; write somewhere else";
      case "noFolder":
        return "its folder does not exist";
      case "interrupted":
        return "interrupted; nothing was written";
      case "io":
        return problem.reason;
    }
  },
  outputClosed: "serve: stdout was closed (the reader left, as `| head` does); the narration has nowhere to go, so the server stops",
};

export default outputEn;
