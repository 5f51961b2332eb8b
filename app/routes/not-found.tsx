import { data } from "react-router";
import type { Route } from "./+types/not-found";

/** The catch-all: any unknown path answers 404 with the spec's NOT_FOUND entry. */
export async function loader() {
  throw data(null, { status: 404 });
}

export async function action() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "404 · Glow" }];

export default function NotFound() {
  return null;
}
