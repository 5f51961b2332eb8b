import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { cameFrom } from "~/platform/redirect-to";

/**
 * The catch-all: any unknown address answers 404 with the Not-found page (the root's error
 * boundary draws it, inside the site's header: docs/decisions/0500). The page of ours the
 * visitor came from goes with it, so "Go back" works without JavaScript.
 */
function notFound(request: Request): never {
  throw data({ back: cameFrom(request) }, { status: 404 });
}

export async function loader({ request }: Route.LoaderArgs) {
  notFound(request);
}

export async function action({ request }: Route.ActionArgs) {
  notFound(request);
}

export default function NotFound() {
  return null;
}
