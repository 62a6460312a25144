// The script as serve --interactive's person has made it so far: the fixture served, with each
// reply they answered put at its point — in place of the script's reply there, or after its last
// reply, where they wrote one past the script's end. Every request is checked against it, so a
// point answered once is answered the same way the next time, and the file saved at the end is
// exactly what answered the harness.
import type { UserTurn } from "../../fixture/conversation-format.ts";
import { isUserTurn } from "../../fixture/conversation-format.ts";
import type { Fixture } from "../../fixture/fixture-format.ts";
import type { FixtureReply } from "./check-request.ts";

export class WorkingScript {
  #fixture: Fixture;
  /** The points the person answered (`episode:reply`), each counted once however often it changed. */
  readonly #answered = new Set<string>();

  constructor(fixture: Fixture) {
    this.#fixture = fixture;
  }

  get fixture(): Fixture {
    return this.#fixture;
  }

  get answered(): number {
    return this.#answered.size;
  }

  /** The reply at a point, as the script holds it (its recorded edits not applied). */
  replyAt(episode: number, replyIndex: number): FixtureReply | undefined {
    return replies(this.#fixture.episodes[episode]?.script ?? [])[replyIndex];
  }

  /** Puts `reply` at the episode's `replyIndex`-th reply, or after its last when there is none. */
  place(episode: number, replyIndex: number, reply: FixtureReply): void {
    const episodes = this.#fixture.episodes.map((item, index) => (index === episode ? { ...item, script: placed(item.script, replyIndex, reply) } : item));
    this.#fixture = { ...this.#fixture, episodes };
    this.#answered.add(`${episode}:${replyIndex}`);
  }
}

function replies(script: readonly (FixtureReply | UserTurn)[]): FixtureReply[] {
  return script.filter((item): item is FixtureReply => !isUserTurn(item));
}

/** The script with `reply` as its `replyIndex`-th reply: a user turn keeps its place between replies. */
function placed(script: readonly (FixtureReply | UserTurn)[], replyIndex: number, reply: FixtureReply): (FixtureReply | UserTurn)[] {
  let seen = 0;
  const next = script.map((item) => (isUserTurn(item) || seen++ !== replyIndex ? item : reply));
  if (seen <= replyIndex) next.push(reply);
  return next;
}

/** A reply with nothing of the model's in it: what a person's reply past the script's end is made
 *  on (their edits, or a fault, are all it holds). */
export function blankReply(): FixtureReply {
  return { content: [], stopReason: undefined, errorMessage: undefined, stream: undefined, expect: undefined, edits: undefined, validation: undefined };
}
