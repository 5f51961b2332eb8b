import { useNavigation } from "react-router";

/**
 * Whether a form post to `action` is on its way (with JavaScript), optionally only one
 * whose fields say `fields` (the card's beamkin, the salute, the intent…). A button that
 * shows it disabled can't be pressed twice while a slow connection carries the first press,
 * and tells the member something is happening.
 */
export function usePosting(action: string, fields: Record<string, string | string[]> = {}) {
  const navigation = useNavigation();
  if (navigation.state === "idle" || !navigation.formData || navigation.formMethod?.toUpperCase() !== "POST") return false;
  const posted = navigation.formAction ? new URL(navigation.formAction, "http://glow.invalid").pathname : null;
  if (posted !== action) return false;
  return Object.entries(fields).every(([name, want]) => {
    const value = navigation.formData!.get(name);
    return typeof value === "string" && (Array.isArray(want) ? want.includes(value) : value === want);
  });
}

/**
 * What a button whose post is on its way carries: it says it is disabled and ignores
 * presses, but keeps the focus (a `disabled` button drops it to the page, and the member
 * using the keyboard starts again from the top).
 */
export function waitingButton(posting: boolean) {
  return {
    "aria-disabled": posting || undefined,
    onClick: posting ? (event: { preventDefault: () => void }) => event.preventDefault() : undefined,
  };
}
