import type { Session } from "react-router";
import { sessionCookie, sessionStorage, type SessionData, type SessionFlash } from "./cookies.server";

export type GlowSession = Session<SessionData, SessionFlash>;

export function getSession(request: Request): Promise<GlowSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/**
 * The session id the request's signed sessionID cookie carries, if any: a read without a
 * Session object (every page asks this, and most never change the session).
 */
export async function sessionIdOf(request: Request): Promise<string | null> {
  const data = await sessionCookie().peek(request.headers.get("Cookie"));
  const sid = (data as Partial<SessionData> | null)?.sid;
  return typeof sid === "string" ? sid : null;
}

export function commitSession(session: GlowSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

/** Clears the sessionID cookie. */
export function destroySession(session: GlowSession): Promise<string> {
  return sessionStorage().destroySession(session);
}
