/**
 * The root route's middleware, in the order every request goes through it: app/root.tsx
 * uses it, and so does the tests' `callRoute` (tests/support/route.ts), so a loader under
 * test meets what it meets in production.
 *
 * The order matters when the database is away: nothing that reads it may run before
 * `answerDatabaseAway` (which answers its failure as the catalogue's 503), and that needs
 * the language first. Middleware that reads the database before them made every page a 500
 * with a stack ("The i18n middleware has not run for this request") once a cached read
 * expired during an outage.
 */
import type { MiddlewareFunction } from "react-router";
import { sameSiteBounce } from "~/features/auth/same-site-bounce.server";
import { questVisits } from "~/features/quests/index.server";
import { answerDatabaseAway, sayWhenToComeBack } from "~/platform/database-away.server";
import { i18nextMiddleware } from "~/platform/i18n.server";
import { oneEnvelope } from "~/platform/one-envelope.server";
import { principalMiddleware } from "~/platform/principal.server";
import { toastMiddleware } from "~/platform/toast.server";

export const rootMiddleware: MiddlewareFunction<Response>[] = [
  // First: a 503 says when to come back, whichever middleware drew it.
  sayWhenToComeBack,
  // Every JSON refusal leaves in the one envelope, and every 429 with its Retry-After (1140, 1143).
  oneEnvelope,
  // The language, from the request alone (no database): every answer below is translated.
  i18nextMiddleware,
  // Around everything that reads the database: its absence is the catalogue's 503 (1122).
  answerDatabaseAway,
  principalMiddleware,
  // Reads the quest steps and may record a visit.
  questVisits,
  toastMiddleware,
  sameSiteBounce,
];
