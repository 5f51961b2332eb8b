import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/locales";
import resources from "~/locales";
import { supportedLanguages } from "~/platform/i18n";

const Params = z.object({
  lng: z.enum(supportedLanguages),
  file: z.string().regex(/^[a-z][a-z0-9-]{0,40}\.json$/),
});

/** GET /locales/{lng}/{ns}.json: the translations the browser loads. */
export async function loader({ params }: Route.LoaderArgs) {
  const parsed = Params.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404 });
  const ns = parsed.data.file.slice(0, -".json".length);
  const language = resources[parsed.data.lng];
  // Own namespaces only: "constructor.json" must not find Object.prototype.constructor.
  const bundle = language && Object.hasOwn(language, ns) ? language[ns] : undefined;
  if (!bundle) throw data(null, { status: 404 });
  return Response.json(bundle, {
    headers: {
      // Short browser cache, revalidated by ETag; new deploys show new text within minutes.
      "Cache-Control": "public, max-age=300, stale-while-revalidate=86400",
    },
  });
}
