import { data } from "react-router";
import type { Route } from "./+types/salute-recipients";
import { currentMember } from "~/features/auth/principal.server";
import { searchRecipients } from "~/features/salutes/recipients.server";
import { getLocale } from "~/platform/i18n.server";

/** Suggestions as you type in the salute screens' recipient search (JSON). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await currentMember(context);
  if (!current) throw data({ results: [] }, { status: 401 });
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const results = await searchRecipients(q, current.member.id, getLocale(context));
  return data({ results }, { headers: { "Cache-Control": "private, no-store" } });
}
