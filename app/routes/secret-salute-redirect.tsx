import { data, redirect } from "react-router";
import type { Route } from "./+types/secret-salute-redirect";
import { requireMember } from "~/features/auth/principal.server";
import { receivedSaluteKind } from "~/features/salutes/salutes.server";

/**
 * A notification link (/secret-salute-redirect?id=N) leads the member to the right salute;
 * an anonymous visitor signs in first and comes back here. A salute that is not theirs is a
 * 404, the same as one that does not exist, so the link tells nobody else anything.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { member } = await requireMember(context);
  const url = new URL(request.url);
  const raw = url.searchParams.get("id") ?? url.searchParams.get("salute") ?? "";
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  const kind = await receivedSaluteKind(member.id, id);
  if (!kind) throw data(null, { status: 404 });
  const page = kind === "secret" ? "/secret-salute" : "/salute-select";
  return redirect(`${page}?salute=${id}#salute-${id}`);
}

export default function SecretSaluteRedirect() {
  return null;
}
