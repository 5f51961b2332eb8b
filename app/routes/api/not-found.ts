import type { Route } from "./+types/not-found";
import { getInstance } from "~/platform/i18n.server";
import { jsonRefusal } from "~/platform/respond.server";

/**
 * Any address under /api (in any case: React Router matches paths case-insensitively) that
 * is no call: the JSON envelope's 404, as a caller of the API reads every other answer,
 * not the site's Not-found page.
 */
function noSuchCall({ context }: Route.LoaderArgs | Route.ActionArgs): never {
  const answer = jsonRefusal(404, getInstance(context).t("errors:types.NOT_FOUND.message"));
  throw answer;
}

export const loader = noSuchCall;
export const action = noSuchCall;
