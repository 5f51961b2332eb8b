import { useMemo } from "react";
import type { Route } from "./+types/signin";
import { handleSignInPost, loadSignInPage, signInPageHeaders } from "~/features/auth/sign-in-page.server";
import { signInAnswerOf } from "~/features/auth/sign-in-answer";
import { SignInScreen } from "~/features/auth/signin-screen";
import type { PageCacheHandle } from "~/platform/visitor-pages";
import { pageTitle } from "~/ui/page";
import type { IndexableHandle } from "~/ui/robots-meta";

/**
 * Declined cookies: the banner comes back here, where they are needed (see root.tsx). A
 * visitor's page is the same for every visitor: the server may share it for a moment
 * (decision 0520).
 */
export const handle = {
  i18n: ["auth"],
  cookieBanner: "even-if-declined",
  pageCache: { visitors: true },
  indexable: true,
} satisfies PageCacheHandle & IndexableHandle;

export const loader = ({ request, context }: Route.LoaderArgs) => loadSignInPage(request, context);
export const action = (args: Route.ActionArgs) => handleSignInPost(args);

export const headers: Route.HeadersFunction = signInPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Signin")];

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  // One view per answer: the screen shows its toast and moves focus once for each.
  const answer = useMemo(() => signInAnswerOf(actionData), [actionData]);
  return <SignInScreen {...loaderData} answer={answer} />;
}
