// How long a process stopped by Ctrl-C or SIGTERM still gives its work before it ends, whatever its
// output does: serve gives its requests in flight this long, and the process leaves when it is over
// even if stdout's reader has stopped reading (docs/serve-limits.md).
export const STOP_GRACE_MS = 5_000;
