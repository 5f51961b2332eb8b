import { redirect } from "react-router";
import type { Route } from "./+types/register";

/**
 * Register: an account is created automatically on the first sign-in, so registering is
 * signing in (docs/decisions/0104). The query (invitations, return paths) goes along.
 */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/signin${new URL(request.url).search}`);
}
