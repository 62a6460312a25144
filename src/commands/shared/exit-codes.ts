// Every exit code the program ends with, in one table: commands return these, and the process
// (src/cli/cli-process.ts) exits with them. 128 + a signal's number is how shells report a run a
// signal ended; commands that catch the signal report it the same way.
export const exitCodes = {
  ok: 0,
  /** A fixture, a file or an argument that cannot be used; or output that could not be written. */
  badInput: 1,
  /** lint: the body breaks a rule. */
  findings: 1,
  /** --interactive without a terminal. */
  noTerminal: 2,
  /** A usage mistake (an unknown option, a missing option value), for every command alike. */
  usage: 2,
  /** lint: not a request body of any provider, or a usage mistake (so 1 always means findings). */
  notABody: 2,
  /** A bug: said in one line, never as a stack trace. */
  internal: 70,
  /** SIGHUP. */
  hangup: 129,
  /** SIGINT (Ctrl-C), or Esc at a prompt. */
  interrupted: 130,
  /** SIGTERM. */
  terminated: 143,
} as const;
