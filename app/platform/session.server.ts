import type { Session } from "react-router";
import { sessionStorage, type SessionData, type SessionFlash } from "./cookies.server";

export type GlowSession = Session<SessionData, SessionFlash>;

export function getSession(request: Request): Promise<GlowSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export function commitSession(session: GlowSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

/** Clears the sessionID cookie. */
export function destroySession(session: GlowSession): Promise<string> {
  return sessionStorage().destroySession(session);
}
