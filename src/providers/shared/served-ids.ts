// The ids serve gives what it serves, in each provider's own style (each provider's
// served-ids.ts holds the prefix and length), made from where the reply sits rather than from
// chance or the clock: the conversation's ordinal on this server, the reply's turn in it and the
// call's place in the reply (all 1-based), written `c{n}t{n}k{n}` at the end of the id and padded
// with zeros to the provider's usual length. So a golden run prints the same ids every time, the
// ids stay inside every provider's id rules (letters, digits, `_`, `-`; short), and an id the
// harness sends back tells the server which scripted call it names (readServedCall). Two replies
// never share an id: a turn answered twice takes a new conversation ordinal (conversation-book.ts).

/** Where a served reply sits: the conversation's ordinal on this server and the reply's turn in it. */
export interface ReplyAt {
  conversation: number;
  turn: number;
}

/** A provider's ids for a served reply and for each call in it (`call` is 1-based), and, where the
 *  provider sends one, the header that names each request (made from the request's number). */
export interface ServedIdStyle {
  response(at: ReplyAt): string;
  call(at: ReplyAt, call: number): string;
  request?: { header: string; id(requestNumber: number): string };
}

export function replyTail(at: ReplyAt): string {
  return `c${at.conversation}t${at.turn}`;
}

export function callTail(at: ReplyAt, call: number): string {
  return `${replyTail(at)}k${call}`;
}

/** `prefix` then `tail`, zeros between them so the part after the prefix is `width` long. */
export function servedId(prefix: string, width: number, tail: string): string {
  return prefix + tail.padStart(width, "0");
}

/** `r{n}`: the request's number on this server, the tail of a request id. */
export function requestTail(requestNumber: number): string {
  return `r${requestNumber}`;
}

const CALL_TAIL = /c([1-9]\d{0,8})t([1-9]\d{0,8})k([1-9]\d{0,8})$/;

/** The reply and call a served call id names, or undefined for an id this style did not make. */
export function readServedCall(style: ServedIdStyle, id: string): { at: ReplyAt; call: number } | undefined {
  const match = CALL_TAIL.exec(id);
  if (!match) return undefined;
  const at = { conversation: Number(match[1]), turn: Number(match[2]) };
  const call = Number(match[3]);
  // Only the exact id this style writes: a lookalike with another prefix or padding is not ours.
  return style.call(at, call) === id ? { at, call } : undefined;
}
