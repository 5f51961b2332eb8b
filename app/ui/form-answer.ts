/**
 * How a page reads what its action answered: through the guards of platform/form-answer.ts,
 * never a cast. A refusal (the form again, with each field's message and what was typed) is
 * a FormAnswer, whose every member is typed, so a field the answer lacks is a type error, not
 * a crash; anything else the action data holds (an envelope a script asked for, a shape an
 * older page sent) reads as no answer.
 */
import { useMemo } from "react";
import { useActionData, useRouteLoaderData } from "react-router";
import { doneResult, formAnswer, type FormAnswer } from "~/platform/form-answer";

export type { FormAnswer };

/**
 * The refusal this page's form got back, or undefined (no post yet, or done). A page drawn
 * again for a post refused elsewhere (a cap on a resource its form posts to: the root's
 * `answerAgain`, platform/page-again.server.ts) shows that refusal as its own.
 */
export function useFormAnswer(): FormAnswer | undefined {
  const data = useActionData();
  const root: unknown = useRouteLoaderData("root");
  const again = typeof root === "object" && root !== null && "answerAgain" in root ? root.answerAgain : null;
  // The same answer object for as long as the action data is the same (effects depend on it).
  return useMemo(() => formAnswer(data) ?? formAnswer(again) ?? undefined, [data, again]);
}

/** What this page's in-place post answered when done (its `result`), as `read` takes it, or null. */
export function useDoneResult<T>(read: (result: Record<string, unknown>) => T | null): T | null {
  const data = useActionData();
  return useMemo(() => doneResult(data, read), [data, read]);
}
