import { Outlet } from "react-router";
import type { Route } from "./+types/console";
import { hasRole, memberArea } from "~/features/auth/index.server";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";

/**
 * The game master's console and its sub-screens (/gamemaster, /gamemaster/quests, …): signed
 * in, and a game master or a judge of some contest (section 6: a judge-only member sees their
 * roles on the console). Which contest is theirs each screen still asks for the contest it
 * shows.
 */
export const middleware: Route.MiddlewareFunction[] = [
  memberArea((member) => hasRole(member.roles, "gamemaster") || hasRole(member.roles, "judge")),
];

export default function ConsoleArea() {
  return <Outlet />;
}

export const ErrorBoundary = RouteErrorBoundary;
