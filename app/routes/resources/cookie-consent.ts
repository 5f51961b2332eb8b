import { z } from "zod";
import type { Route } from "./+types/cookie-consent";
import { consentCookie } from "~/platform/cookies.server";
import { parseForm } from "~/platform/forms.server";
import { done } from "~/platform/outcome";
import { backTo, invalid, onlyPosts, respond } from "~/platform/respond.server";

const ConsentChoice = z.object({
  choice: z.enum(["accept", "decline"], { error: "errors:types.BAD_REQUEST.message" }),
});

/** Accept or decline cookies; the answer is kept in a cookie the server can read. */
export async function action(args: Route.ActionArgs) {
  const form = await parseForm(args.request, ConsentChoice);
  const back = backTo(args.request, form.values, "/");
  if (!form.ok) return invalid(args, form, { back });
  const answer = await consentCookie.serialize(form.data.choice === "accept" ? "yes" : "no");
  return respond(args, done(answer), {
    back,
    refusals: {},
    done: (setCookie) => ({ headers: { "Set-Cookie": setCookie }, result: null }),
  });
}

/** A typed or bookmarked address: browsers go to /home, anything else gets 405. */
export function loader(args: Route.LoaderArgs) {
  return onlyPosts(args, "/home");
}
