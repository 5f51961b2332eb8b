/**
 * What the console's parts (console-sections.tsx) and its parts loaded later
 * (console-occasional.ts) share: the console's address, the contest it shows, and which
 * form an answer belongs to.
 */
import { href, useLoaderData } from "react-router";
import type { FormAnswer } from "~/platform/form-answer";
import type { consoleView } from "./console-view.server";

export const PAGE = href("/gamemaster");

/** The console of one contest: every form comes back to the contest it was posted from. */
export const pageOf = (contestId: number | string) => `${PAGE}?contest=${contestId}`;

/** The contest on the console, as the page's loader sent it. */
export type ConsoleView = NonNullable<Awaited<ReturnType<typeof consoleView>>>;

/** This console's own address (its contest named), where its forms post. */
export function useSelf() {
  const loaded = useLoaderData<{ view: { contest: { id: number } } | null }>();
  return loaded.view ? pageOf(loaded.view.contest.id) : PAGE;
}

/** The answer to this form (same intent and same subject), or nothing. */
export function answerFor(answer: FormAnswer | undefined, intent: string, key?: [string, number]) {
  if (!answer || answer.values.intent !== intent) return undefined;
  if (key && answer.values[key[0]] !== String(key[1])) return undefined;
  return answer;
}
