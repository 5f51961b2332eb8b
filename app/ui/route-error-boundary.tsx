/**
 * The error boundary of a screen that can refuse or miss (a party, a treasure, a guess card)
 * and of the guarded areas' layouts: the 404 and 403 screens drawn inside the page's frame
 * (the header stays, with the member still signed in), never the catalogue's buttons that
 * sign out (decisions 0500, 1141). Any other status gets the error screen; anything that is
 * no answer at all goes on to the root's boundary.
 */
import { isRouteErrorResponse, useRouteError, type MetaDescriptor } from "react-router";
import { forbiddenPageOf } from "~/platform/errors";
import { ErrorScreen } from "./error-screen";
import { ForbiddenScreen } from "./forbidden-screen";
import { NotFoundScreen } from "./not-found-screen";

export function RouteErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) throw error;
  if (error.status === 404) {
    const back = (error.data as { back?: unknown } | null)?.back;
    return <NotFoundScreen back={typeof back === "string" ? back : null} />;
  }
  if (error.status === 403) {
    const page = forbiddenPageOf(error.data);
    return <ForbiddenScreen back={page.back} home={page.home} message={page.message} />;
  }
  return <ErrorScreen status={error.status} />;
}

/**
 * A screen's title when its boundary shows: the root's title for the error ("Page not
 * found", "Not open to you"), not the screen's own (React Router uses the deepest meta).
 */
export function errorTitle(matches: readonly ({ meta: MetaDescriptor[] } | undefined)[]): MetaDescriptor[] {
  return matches[0]?.meta ?? [];
}
