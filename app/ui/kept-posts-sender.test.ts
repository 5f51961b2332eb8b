import { describe, expect, it } from "vitest";
import type { AnsweredPosts } from "./answered-posts";
import type { KeptPost } from "./kept-posts";
import { sendRound, type Outbox, type Round } from "./kept-posts-sender";

/**
 * Two tabs of one phone sending the same member's kept posts (decision 1320). What the
 * browser gives them is modelled as Chromium behaves:
 *
 * - local storage: each tab reads its own copy; another tab's write reaches that copy only
 *   when the browser delivers it (`deliver`), which may be after the sending lock has passed;
 * - the Web Lock: one holder at a time, the others wait in turn;
 * - IndexedDB (the answered keys): a completed write is seen by every tab at once.
 *
 * Glow counts a key once and answers a resend with its first answer, so what the member
 * sees twice is the toast: a round that sent the post is a toast in that tab.
 */

const kept = (key: string, keptAt: number): KeptPost => ({
  key,
  action: "/guesses/lantern-festival",
  fields: { intent: "guess", guess: "Spring" },
  label: `Guess “${key}” on Lantern festival`,
  keptAt,
  owner: "ada",
});

function phone(posts: KeptPost[]) {
  const copies = new Map<string, KeptPost[]>();
  const undelivered: Array<() => void> = [];
  const answeredKeys = new Set<string>();
  const answered: AnsweredPosts = {
    among: async (keys) => new Set(keys.filter((key) => answeredKeys.has(key))),
    note: async (key) => void answeredKeys.add(key),
  };
  let queue = Promise.resolve();
  /** navigator.locks.request(SENDING_LOCK, …): rounds run one after another, in the order asked. */
  const inTurn = <T>(round: () => Promise<T>) => {
    const result = queue.then(round);
    queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };
  const glow = { received: [] as string[], hold: Promise.resolve() };
  const tab = (name: string, post?: Outbox["post"]): Outbox => {
    copies.set(name, posts);
    return {
      read: () => copies.get(name)!,
      forget: (key) => {
        const left = copies.get(name)!.filter((p) => p.key !== key);
        copies.set(name, left);
        for (const other of copies.keys()) if (other !== name) undelivered.push(() => copies.set(other, left));
      },
      answered,
      post:
        post ??
        (async (p) => {
          glow.received.push(p.key);
          await glow.hold;
          return Response.json({ success: true, message: "Right! +10 points" });
        }),
    };
  };
  const deliver = () => undelivered.splice(0).forEach((change) => change());
  return { tab, inTurn, glow, deliver, copies, answeredKeys };
}

const toasts = (rounds: Array<Round | null>) => rounds.reduce((sum, round) => sum + (round && round.sent.length > 0 ? 1 : 0), 0);

describe("two tabs sending one member's kept posts", () => {
  it("a post is sent by one tab, and one toast says so, though the second tab's storage still shows it when its turn comes", async () => {
    const post = kept("spring", 1);
    const { tab, inTurn, glow, deliver, copies } = phone([post]);
    let release!: () => void;
    glow.hold = new Promise((resolve) => (release = resolve));
    const first = tab("guess card");
    const second = tab("quest map");

    // Both tabs heard the connection return; the first holds the lock while Glow answers.
    const rounds = Promise.all([inTurn(() => sendRound("ada", first)), inTurn(() => sendRound("ada", second))]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(glow.received).toEqual(["spring"]);
    release();

    const [sentFirst, sentSecond] = await rounds;
    expect(glow.received).toEqual(["spring"]);
    expect(sentFirst?.sent).toEqual([{ label: "Guess “spring” on Lantern festival", ok: true, message: "Right! +10 points" }]);
    expect(sentSecond).toBeNull();
    expect(toasts([sentFirst, sentSecond])).toBe(1);
    // Neither tab shows it as waiting any more, once the browser has caught up.
    deliver();
    expect([copies.get("guess card"), copies.get("quest map")]).toEqual([[], []]);
  });

  it("a tab sends what waits that another tab has not sent, and only that", async () => {
    const { tab, inTurn, glow } = phone([kept("winter", 1), kept("spring", 2)]);
    const first = tab("guess card");
    const second = tab("quest map");
    const once = await inTurn(() => sendRound("ada", first));
    expect(once?.sent).toHaveLength(2);
    // The second tab's storage never heard; its rounds send nothing, however many.
    expect(await inTurn(() => sendRound("ada", second))).toBeNull();
    expect(await inTurn(() => sendRound("ada", second))).toBeNull();
    expect(glow.received).toEqual(["winter", "spring"]);
  });

  it("a post whose tab closed before Glow answered is never lost: the next tab's round sends it", async () => {
    const { tab, inTurn, glow, answeredKeys } = phone([kept("spring", 1)]);
    // The tab closed mid-send: its post got no answer, and the browser released its lock.
    const closing = tab("closing", async () => {
      throw new TypeError("Failed to fetch");
    });
    const staying = tab("staying");
    expect(await inTurn(() => sendRound("ada", closing))).toEqual({ sent: [], stopped: "unreachable" });
    expect(answeredKeys.size).toBe(0);
    const round = await inTurn(() => sendRound("ada", staying));
    expect(round?.sent).toHaveLength(1);
    expect(glow.received).toEqual(["spring"]);
  });

  it("a post refused as another member's is neither noted nor forgotten: it waits for its owner", async () => {
    const { tab, inTurn, answeredKeys, copies } = phone([kept("spring", 1)]);
    const signedAsAnother = tab("katja's session", async () => Response.json({ success: false }, { status: 403 }));
    expect(await inTurn(() => sendRound("ada", signedAsAnother))).toEqual({ sent: [], stopped: "not-theirs" });
    expect(answeredKeys.size).toBe(0);
    expect(copies.get("katja's session")).toHaveLength(1);
  });
});
