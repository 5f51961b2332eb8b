import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * One line per path of the spec's route table, in the spec's order; the game's
 * resource routes (translations, preference forms) follow, then the catch-all.
 *
 * The guarded areas are layout routes without a path of their own (every address stays as
 * the spec has it): their middleware guards everything under them once (routes/areas/*).
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
  route("treasure", "routes/treasure.tsx"),
  route("treasure/:id", "routes/treasure-find.tsx"),
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
  route("playquest", "routes/playquest.tsx"),
  route("partybuilder", "routes/partybuilder.tsx"),
  route("leaderboard", "routes/leaderboard.tsx"),
  route("chat-demo", "routes/chat-demo.tsx"),
  route("beamkins", "routes/beamkins.tsx"),
  route("prize-box-demo", "routes/prize-box-demo.tsx"),
  route("lightball-demo", "routes/lightball-demo.tsx"),
  route("lightmeter-example", "routes/lightmeter-example.tsx"),
  // The game master's console, its quest table and its treasure hunt: game masters and judges only.
  layout("routes/areas/console.tsx", [
    route("gamemaster", "routes/gamemaster.tsx"),
    route("gamemaster/quests", "routes/gamemaster/quests.tsx"),
    route("gamemaster/treasures", "routes/gamemaster/treasures.tsx"),
    route("gamemaster/treasures/sheet", "routes/gamemaster/treasure-sheet.tsx"),
  ]),
  route("judging", "routes/judging.tsx"),
  route("quest-tutorial", "routes/quest-tutorial.tsx"),
  route("choose-quest", "routes/choose-quest.tsx"),
  route("user-role-display", "routes/user-role-display.tsx"),
  // The spec's "Enhanced user role display" (its path is not given).
  route("user-role-display/enhanced", "routes/user-role-display.tsx", { id: "routes/user-role-display-enhanced" }),
  route("story-landing", "routes/story-landing.tsx"),
  route("partymanager", "routes/partymanager.tsx"),
  route("accept-invite/:partyId/:contestid?/:memberid?/:role?/:type?", "routes/accept-invite.tsx"),
  route("judge-onboarding/:contestID/:gameMasterID", "routes/judge-onboarding.tsx"),
  route("takeaguess/:cardID", "routes/takeaguess.tsx"),
  // The older username/password flow (sections 2 "Navigation" and 4): staff only.
  route("login", "routes/login.tsx"),
  layout("routes/areas/staff.tsx", [route("dashboard", "routes/dashboard.tsx")]),
  route("start", "routes/start.tsx"),
  route("kidnap", "routes/kidnap.tsx"),

  // Resources and preference forms (work without JavaScript).
  route("locales/:lng/:file", "routes/resources/locales.ts"),
  route("locales/add/:lng/:ns", "routes/resources/locales-add.ts"),
  route("preferences/theme", "routes/resources/theme.ts"),
  route("preferences/language", "routes/resources/language.ts"),
  route("preferences/cookies", "routes/resources/cookie-consent.ts"),
  route("preferences/story-sound", "routes/resources/story-sound.ts"),
  route("session/end", "routes/resources/end-session.ts"),
  route("signout", "routes/resources/sign-out.ts"),
  route("sessionvalidation", "routes/resources/session-validate.ts"),
  // Avatars, drawn on the server: saved looks (cached forever per version), previews, the default.
  route("avatars/preview.svg", "routes/resources/avatar-preview.ts"),
  route("avatars/default.svg", "routes/resources/avatar-default.ts"),
  route("avatars/:memberId/:file", "routes/resources/avatar.ts"),
  route("salutes/recipients", "routes/resources/salute-recipients.ts"),
  route("salutes/received", "routes/resources/salute-received.ts"),
  route("team-notices/dismiss", "routes/resources/team-notice-dismiss.ts"),
  route("reactions", "routes/resources/reactions.ts"),
  route("feed/updates", "routes/resources/feed-updates.ts"),
  // A contest's live changes (server-sent events), for its console, judging and compete screens.
  route("contests/:contestId/events", "routes/resources/contest-events.ts"),
  // An entry's photo, for those who may see the entry.
  route("contests/entries/:entryId/photo", "routes/resources/entry-photo.ts"),
  // Beamkins: JSON for the companion island, redirects for plain form posts.
  route("beamkins/chat", "routes/resources/beamkins-chat.ts"),
  route("beamkins/backpack", "routes/resources/beamkins-backpack.ts"),
  route("beamkins/give-light", "routes/resources/beamkins-give-light.ts"),
  route("beamkins/active", "routes/resources/beamkins-active.ts"),
  route("beamkins/obtain", "routes/resources/beamkins-obtain.ts"),
  // Treasure claims and guesses a phone kept while offline, sent when it is back (JSON).
  route("treasures/claim", "routes/resources/treasure-claim.ts"),
  route("guesses/:cardID", "routes/resources/guess.ts"),

  // The JSON API (section 7's calls): thin over the same commands and responder as the forms.
  layout("routes/areas/api.ts", [
    route("api/openapi.json", "routes/api/openapi.ts"),
    route("api/docs", "routes/api/docs.tsx"),
    route("api/login", "routes/api/login.ts"),
    route("api/getagentresources", "routes/api/getagentresources.ts"),
    route("api/logout", "routes/api/logout.ts"),
    route("api/getuser", "routes/api/getuser.ts"),
    route("api/locales/:lng/:file", "routes/resources/locales.ts", { id: "routes/api/locales" }),
    route("api/locales/add/:lng/:ns", "routes/resources/locales-add.ts", { id: "routes/api/locales-add" }),
    route("api/getphonecode", "routes/api/getphonecode.ts"),
    route("api/verifyphonecode", "routes/api/verifyphonecode.ts"),
    route("api/autosignin", "routes/api/autosignin.ts"),
    route("api/signout", "routes/api/signout.ts"),
    route("api/sessionvalidation", "routes/api/sessionvalidation.ts"),
    route("api/signup", "routes/api/signup.ts"),
    route("api/updatemember", "routes/api/updatemember.ts"),
    route("api/updateavatar", "routes/api/updateavatar.ts"),
    route("api/getaccount", "routes/api/getaccount.ts"),
    route("api/getparties", "routes/api/getparties.ts"),
    route("api/getcontests", "routes/api/getcontests.ts"),
    route("api/getCreature", "routes/api/getCreature.ts"),
    route("api/getMemberLight", "routes/api/getMemberLight.ts"),
    route("api/getMemberLightByTime", "routes/api/getMemberLightByTime.ts"),
    route("api/getMemberCreatures", "routes/api/getMemberCreatures.ts"),
    route("api/obtaincreature", "routes/api/obtaincreature.ts"),
    route("api/giveCreatureLight", "routes/api/giveCreatureLight.ts"),
    route("api/getCreatureChatHistory", "routes/api/getCreatureChatHistory.ts"),
    route("api/creaturechatmessage", "routes/api/creaturechatmessage.ts"),
    // Any other address under /api: the API's JSON 404, not the Not-found page.
    route("api/*", "routes/api/not-found.ts"),
  ]),

  // The console SMS provider's outbox: the Not-found page unless that provider is active and
  // the request carries the key the start-up text shows (its JSON twin, /dev/outbox.json, is
  // answered in server/app.ts; docs/decisions/1100).
  route("dev/outbox", "routes/dev/outbox.tsx"),
  // The console email sender's mailbox: the Not-found page unless that sender is active and the
  // request carries the same key (decision 1100).
  route("dev/mailbox", "routes/dev/mailbox.tsx"),
  route("dev/mailbox.json", "routes/dev/mailbox-json.ts"),

  // Browser-test hook: answers 404 unless GLOW_E2E_HOOKS_TOKEN is set and presented.
  route("__e2e/session", "routes/resources/e2e-session.ts"),
  route("__e2e/staff", "routes/resources/e2e-staff.ts"),
  route("__e2e/invite-expired", "routes/resources/e2e-invite.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
