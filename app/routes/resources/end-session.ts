import { data, redirect } from "react-router";
import type { Route } from "./+types/end-session";
import { destroySession, getSession } from "~/platform/session.server";

/** The error screen's LOGIN action: end the session, clear the session cookie, go to /. */
export async function action({ request }: Route.ActionArgs) {
  const session = await getSession(request);
  return redirect("/", { headers: { "Set-Cookie": await destroySession(session) } });
}

export async function loader() {
  throw data(null, { status: 404 });
}
