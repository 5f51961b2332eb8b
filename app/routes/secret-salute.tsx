import type { Route } from "./+types/secret-salute";
import { SaluteScreen } from "~/features/salutes/salute-screen";
import { loadSaluteScreen, sendSaluteAction } from "~/features/salutes/send.server";


export const handle = { i18n: ["salutes"] };

export const loader = (args: Route.LoaderArgs) => loadSaluteScreen(args, "secret");
export const action = (args: Route.ActionArgs) => sendSaluteAction(args, "secret");

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Secret Salutes"} · Glow` }];

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <SaluteScreen data={loaderData} actionData={actionData} />;
}
