import type { Route } from "./+types/compliment";
import { SaluteScreen } from "~/features/salutes/salute-screen";
import { loadSaluteScreen, sendSaluteAction } from "~/features/salutes/send.server";
import { retryAfterOfAction } from "~/platform/retry-after";
import { refreshAfterConflict } from "~/platform/refresh-after-conflict";
import { pageTitle } from "~/ui/page";

export const handle = { i18n: ["salutes"] };

export const loader = (args: Route.LoaderArgs) => loadSaluteScreen(args, "compliment");
export const action = (args: Route.ActionArgs) => sendSaluteAction(args, "compliment");

/** A limit's Retry-After (the secret salutes' daily cap) reaches the browser too. */
export const headers = retryAfterOfAction;

/** Gems spent elsewhere: a refusal comes with the page's fresh counts. */
export const shouldRevalidate = refreshAfterConflict;

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Compliment")];

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <SaluteScreen data={loaderData} actionData={actionData} />;
}
