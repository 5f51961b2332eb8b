import { useEffect, useRef } from "react";

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
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [answer]);
  return container;
}
