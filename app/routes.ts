import { type RouteConfig, index, route } from "@react-router/dev/routes";

/**
 * One line per path of the spec's route table, in the spec's order; the game's
 * resource routes (translations, preference forms) follow, then the catch-all.
 */
export default [
  index("routes/home.tsx"),
  route("home", "routes/home.tsx", { id: "routes/home-alias" }),
  route("profile", "routes/profile.tsx"),
  route("landing", "routes/landing.tsx"),
  route("qrcode", "routes/qrcode.tsx"),
  route("newsfeed", "routes/newsfeed.tsx", [
    route(":postType/:id", "routes/newsfeed-post.tsx", { id: "routes/newsfeed-typed-post" }),
    route(":id", "routes/newsfeed-post.tsx"),
  ]),
  route("compete", "routes/compete.tsx"),
  route("signin", "routes/signin.tsx"),
  route("register", "routes/register.tsx"),
  route("signup", "routes/signup.tsx"),
  route("compliment", "routes/compliment.tsx"),
  route("secret-salute", "routes/secret-salute.tsx"),
  route("secret-salute-redirect", "routes/secret-salute-redirect.tsx"),
  route("starsalute", "routes/starsalute.tsx"),
  route("salute-select", "routes/salute-select.tsx"),
  route("starsalute/view/:starID", "routes/star-receipt.tsx"),
  route("party/:id", "routes/party.tsx"),
  route("invite", "routes/invite.tsx"),
  route("QRvalidate", "routes/invite.tsx", { id: "routes/qr-validate" }),
  // /playquest belongs to the quests issue and goes here.
  route("partybuilder", "routes/partybuilder.tsx"),
  route("leaderboard", "routes/leaderboard.tsx"),
  route("chat-demo", "routes/chat-demo.tsx"),
  route("beamkins", "routes/beamkins.tsx"),
  // /prize-box-demo belongs to the quests issue and goes here.
  route("lightball-demo", "routes/lightball-demo.tsx"),
  route("lightmeter-example", "routes/lightmeter-example.tsx"),
  route("gamemaster", "routes/gamemaster.tsx"),
  route("judging", "routes/judging.tsx"),
  // /quest-tutorial and /choose-quest belong to the quests issue and go here.
  route("user-role-display", "routes/user-role-display.tsx"),
  // The spec's "Enhanced user role display" (its path is not given).
  route("user-role-display/enhanced", "routes/user-role-display.tsx", { id: "routes/user-role-display-enhanced" }),
  // /story-landing belongs to the quests issue and goes here.
  route("partymanager", "routes/partymanager.tsx"),
  route("accept-invite/:partyId/:contestid?/:memberid?/:role?/:type?", "routes/accept-invite.tsx"),
  route("judge-onboarding/:contestID/:gameMasterID", "routes/judge-onboarding.tsx"),
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
  // Avatars, drawn on the server: saved looks (cached forever per version), previews, the default.
  route("avatars/preview.svg", "routes/resources/avatar-preview.ts"),
  route("avatars/default.svg", "routes/resources/avatar-default.ts"),
  route("avatars/:memberId/:file", "routes/resources/avatar.ts"),
  route("salutes/recipients", "routes/resources/salute-recipients.ts"),
  route("salutes/received", "routes/resources/salute-received.ts"),
  route("reactions", "routes/resources/reactions.ts"),
  route("feed/updates", "routes/resources/feed-updates.ts"),
  // A contest's live changes (server-sent events), for its console, judging and compete screens.
  route("contests/:contestId/events", "routes/resources/contest-events.ts"),
  // Beamkins: JSON for the companion island, redirects for plain form posts.
  route("beamkins/chat", "routes/resources/beamkins-chat.ts"),
  route("beamkins/backpack", "routes/resources/beamkins-backpack.ts"),
  route("beamkins/give-light", "routes/resources/beamkins-give-light.ts"),
  route("beamkins/active", "routes/resources/beamkins-active.ts"),
  route("beamkins/obtain", "routes/resources/beamkins-obtain.ts"),

  // The console SMS provider's outbox: 404 unless that provider is active.
  route("dev/outbox", "routes/dev/outbox.tsx"),
  route("dev/outbox.json", "routes/dev/outbox-json.ts"),
  // The console email sender's mailbox: 404 unless that sender is active, and only from this machine.
  route("dev/mailbox", "routes/dev/mailbox.tsx"),
  route("dev/mailbox.json", "routes/dev/mailbox-json.ts"),

  // Browser-test hook: answers 404 unless GLOW_E2E_HOOKS_TOKEN is set and presented.
  route("__e2e/session", "routes/resources/e2e-session.ts"),
  route("__e2e/invite-expired", "routes/resources/e2e-invite.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
