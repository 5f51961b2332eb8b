import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/locales-add";
import { recordMissingKeys } from "~/platform/missing-keys.server";
import { isProduction } from "~/platform/env.server";
import { supportedLanguages } from "~/platform/i18n";

const MAX_BODY_BYTES = 16 * 1024;

const Params = z.object({
  lng: z.enum(supportedLanguages),
  ns: z.string().regex(/^[a-z][a-z0-9-]{0,40}$/),
});
// i18next's backend posts { "key": "fallback value", … }.
const Body = z
  .record(z.string().min(1).max(200), z.string().max(2000))
  .refine((keys) => Object.keys(keys).length <= 100, "too many keys");

/** POST /locales/add/{lng}/{ns}: records missing keys while developing; 404 in production. */
export async function action({ request, params }: Route.ActionArgs) {
  if (isProduction()) throw data(null, { status: 404 });
  if (request.method !== "POST") throw data(null, { status: 405 });
  const target = Params.safeParse(params);
  if (!target.success) return data({ error: "Unknown language or namespace" }, { status: 400 });
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_BODY_BYTES) return data({ error: "Too large" }, { status: 413 });
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return data({ error: "Too large" }, { status: 413 });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return data({ error: "Body must be JSON" }, { status: 400 });
  }
  const body = Body.safeParse(json);
  if (!body.success) return data({ error: "Body must map keys to strings" }, { status: 400 });
  const recorded = recordMissingKeys(target.data.lng, target.data.ns, Object.keys(body.data));
  return data({ recorded }, { status: 201 });
}

export async function loader() {
  throw data(null, { status: 404 });
}
