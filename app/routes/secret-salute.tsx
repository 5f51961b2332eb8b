import type { Route } from "./+types/secret-salute";
import { SaluteScreen } from "~/features/salutes/salute-screen";
import { loadSaluteScreen, sendSaluteAction } from "~/features/salutes/send.server";
import { retryAfterOfAction } from "~/platform/retry-after";
import { pageTitle } from "~/ui/page";

export const handle = { i18n: ["salutes"] };

export const loader = (args: Route.LoaderArgs) => loadSaluteScreen(args, "secret");
export const action = (args: Route.ActionArgs) => sendSaluteAction(args, "secret");

/** A limit's Retry-After (the secret salutes' daily cap) reaches the browser too. */
export const headers = retryAfterOfAction;

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Secret Salutes")];

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <SaluteScreen data={loaderData} actionData={actionData} />;
}
