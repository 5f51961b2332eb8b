import type { Route } from "./+types/api";
import { noStore } from "~/platform/no-store.server";

/**
 * Everything under /api. Its answers are a caller's own and never kept (a published document
 * says how it may be). Who calls is each call's to ask (features/api/caller.server.ts: the
 * session, and the CSRF token for a changing call), as some calls are open to visitors; the
 * origin rule runs before React Router (server/api-origins.ts: a preflight never reaches a
 * route); a refusal leaves in the one envelope (platform/one-envelope.server.ts) and a call
 * that fails unforeseen is mapped where the call is known (features/api/route.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [noStore({ unlessSaid: true })];
