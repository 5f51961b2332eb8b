import { useEffect, useRef } from "react";

/**
 * What a refusal focuses: a field marked invalid, or an error that stands for the whole form
 * or for something that is not a field (marked `data-focus-on-error`, with `tabIndex={-1}`).
 */
export const FIRST_INVALID = '[aria-invalid="true"], [data-focus-on-error]';

/**
 * After a post the server refused, focus the first field it marked invalid
 * (`aria-invalid="true"`), so keyboard and screen-reader users land on it, hearing its label
 * and its error (tied with `aria-describedby`), instead of starting again at the top.
 * `answer` is the action's answer: a new one means a new refusal to look at.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>(answer: unknown) {
  const container = useRef<T>(null);
  useEffect(() => {
    if (!answer) return;
    container.current?.querySelector<HTMLElement>(FIRST_INVALID)?.focus();
  }, [answer]);
  return container;
}
