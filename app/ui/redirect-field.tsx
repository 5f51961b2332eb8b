import { useLocation } from "react-router";

/** A hidden field that brings a no-JavaScript form post back to the current page. */
export function RedirectField({ name = "redirectTo" }: { name?: string }) {
  const location = useLocation();
  return <input type="hidden" name={name} value={`${location.pathname}${location.search}`} />;
}
