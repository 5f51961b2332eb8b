/**
 * What a member did, told by the command where it happened to the features that follow it:
 * quest progress counts it, the feed welcomes a member who finished signing up. The
 * command publishes; it knows nothing of who listens, so no feature imports quests (or the
 * feed) back to tell them (decision 1202; the wiring is app/listeners.server.ts).
 *
 * Listeners run inside the command's transaction, awaited one after the other, before it
 * commits: what they write stands or falls with the action, once. A listener that fails
 * fails the action, as a write of the command's own would. (After commit would lose the
 * step when the process stops in between, and could not be undone with a refusal.)
 */
import type { QuestObjective } from "./db/schema/quest-kinds";
import type { Queryable } from "./db/transaction.server";

export interface Happening {
  /** What was done, in the words quest steps are written in: the server sees each (0901). */
  what: QuestObjective;
  memberId: number;
  /** The thing done: a path, a treasure, party, card or creature id, a salute kind. */
  target?: string | number | null;
  /** When, when the command has its own clock; now otherwise. */
  at?: Date;
}

/** Hears a happening through the command's transaction (`on`). */
export type Listener = (on: Queryable, happening: Happening) => Promise<unknown>;

const listeners = new Map<string, Listener>();

/**
 * Adds a listener under a name; the same name again replaces it, in its place (development
 * reloads a changed listener's module). Listeners hear in the order they were first added.
 */
export function listen(name: string, listener: Listener) {
  listeners.set(name, listener);
}

/**
 * Tells every listener, through `on` (the command's transaction). Nothing listening means
 * the wiring was never loaded: said loudly, since progress would silently go missing.
 */
export async function publish(on: Queryable, happening: Happening): Promise<void> {
  if (listeners.size === 0) {
    throw new Error("Nothing listens to what members do: app/listeners.server.ts was not loaded");
  }
  for (const listener of listeners.values()) await listener(on, happening);
}
