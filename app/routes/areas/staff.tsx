import { Outlet } from "react-router";
import type { Route } from "./+types/staff";
import { staffArea } from "~/features/staff/index.server";
import { noStore } from "~/platform/no-store.server";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";

/** The staff area (/dashboard): staff only, and never kept by a browser or a proxy. */
export const middleware: Route.MiddlewareFunction[] = [staffArea, noStore()];

export default function StaffArea() {
  return <Outlet />;
}

export const ErrorBoundary = RouteErrorBoundary;
