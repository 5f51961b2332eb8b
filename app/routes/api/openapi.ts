import type { Route } from "./+types/openapi";
import { openApiDocument } from "~/features/api/openapi.server";
import { getInstance } from "~/platform/i18n.server";

/** GET /api/openapi.json: the OpenAPI 3.1 document, generated from the calls' zod schemas. */
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  return Response.json(openApiDocument(origin, getInstance(context).getFixedT("en")), {
    headers: { "Cache-Control": "public, max-age=300" },
  });
}
