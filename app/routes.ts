import { type RouteConfig, index, route } from "@react-router/dev/routes";

/**
 * One line per path of the spec's route table, in the spec's order; the game's
 * resource routes (translations, preference forms) follow, then the catch-all.
 */
export default [
  index("routes/home.tsx"),
  route("home", "routes/home.tsx", { id: "routes/home-alias" }),
  route("landing", "routes/landing.tsx"),
  route("newsfeed", "routes/newsfeed.tsx", [
    route(":postType/:id", "routes/newsfeed-post.tsx", { id: "routes/newsfeed-typed-post" }),
    route(":id", "routes/newsfeed-post.tsx"),
  ]),
  route("signin", "routes/signin.tsx"),
  route("register", "routes/register.tsx"),
  route("accept-invite/:partyId/:contestid?/:memberid?/:role?/:type?", "routes/accept-invite.tsx"),
  route("takeaguess/:cardID", "routes/takeaguess.tsx"),

  // Resources and preference forms (work without JavaScript).
  route("locales/:lng/:file", "routes/resources/locales.ts"),
  route("locales/add/:lng/:ns", "routes/resources/locales-add.ts"),
  route("preferences/theme", "routes/resources/theme.ts"),
  route("preferences/language", "routes/resources/language.ts"),
  route("preferences/cookies", "routes/resources/cookie-consent.ts"),
  route("session/end", "routes/resources/end-session.ts"),
  route("signout", "routes/resources/sign-out.ts"),
  route("sessionvalidation", "routes/resources/session-validate.ts"),

  // The console SMS provider's outbox: 404 unless that provider is active.
  route("dev/outbox", "routes/dev/outbox.tsx"),
  route("dev/outbox.json", "routes/dev/outbox-json.ts"),

  // Browser-test hook: answers 404 unless GLOW_E2E_HOOKS_TOKEN is set and presented.
  route("__e2e/session", "routes/resources/e2e-session.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
