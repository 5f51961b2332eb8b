import type { Route } from "./+types/signin";
import { handleSignInPost, loadSignInPage } from "~/features/auth/sign-in-page.server";
import { SignInScreen } from "~/features/auth/signin-screen";

/** Declined cookies: the banner comes back here, where they are needed (see root.tsx). */
export const handle = { i18n: ["auth"], cookieBanner: "even-if-declined" };

export const loader = ({ request, context }: Route.LoaderArgs) => loadSignInPage(request, context);
export const action = ({ request, context }: Route.ActionArgs) => handleSignInPost(request, context);

/** A refused send's Retry-After reaches the browser, with JavaScript (data request) and without. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Signin"} · Glow` }];

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  return <SignInScreen {...loaderData} answer={actionData} />;
}
