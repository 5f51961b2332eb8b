import { useMemo } from "react";
import type { Route } from "./+types/signin";
import { handleSignInPost, loadSignInPage } from "~/features/auth/sign-in-page.server";
import { signInAnswerOf } from "~/features/auth/sign-in-answer";
import { SignInScreen } from "~/features/auth/signin-screen";
import type { PageCacheHandle } from "~/platform/visitor-pages";

/**
 * Declined cookies: the banner comes back here, where they are needed (see root.tsx). A
 * visitor's page is the same for every visitor: the server may share it for a moment
 * (decision 0520).
 */
export const handle = { i18n: ["auth"], cookieBanner: "even-if-declined", pageCache: { visitors: true } } satisfies PageCacheHandle;

export const loader = ({ request, context }: Route.LoaderArgs) => loadSignInPage(request, context);
export const action = (args: Route.ActionArgs) => handleSignInPost(args);

/**
 * A refused send's Retry-After, and the cookie consent given with a send that was then
 * refused (a wrong number), reach the browser, with JavaScript (data request) and without.
 */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  for (const cookie of actionHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Signin"} · Glow` }];

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  // One view per answer: the screen shows its toast and moves focus once for each.
  const answer = useMemo(() => signInAnswerOf(actionData), [actionData]);
  return <SignInScreen {...loaderData} answer={answer} />;
}
