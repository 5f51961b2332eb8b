/**
 * The OpenAPI 3.1 document of /api, generated from the calls' zod schemas (zod 4's JSON
 * Schema output, draft 2020-12, which OpenAPI 3.1 uses as it is). Built once per origin.
 */
import { z } from "zod";
import { errorCatalogue, type ErrorType } from "~/platform/errors";
import { apiCalls, everyRefusalOf, type ApiCallSpec, type RefusalDoc } from "./calls.server";
import { CSRF_COOKIE_NAME, CSRF_HEADER } from "./caller.server";

type Json = Record<string, unknown>;
type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Descriptions in the schemas are translation keys (`api:fields.…`): said in the reader's language. */
export function translateDescriptions<T>(value: T, t: Translate): T {
  if (Array.isArray(value)) return value.map((v) => translateDescriptions(v, t)) as T;
  if (value && typeof value === "object") {
    const out: Json = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] = key === "description" && typeof inner === "string" && inner.startsWith("api:") ? t(inner) : translateDescriptions(inner, t);
    }
    return out as T;
  }
  return value;
}

/** The groups of calls; their names and descriptions are translation keys (`api:docs.groups.…`). */
const GROUPS: ApiCallSpec["group"][] = ["older", "member", "creature", "translations"];
const groupName = (t: Translate, group: ApiCallSpec["group"]) => t(`api:docs.groups.${group}.name`);
const groupText = (t: Translate, group: ApiCallSpec["group"]) => t(`api:docs.groups.${group}.description`);

/** A schema as JSON Schema, its named parts moved to components (refs rewritten to point there). */
function jsonSchema(schema: z.ZodType, io: "input" | "output", components: Json): Json {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: "any", reused: "inline" }) as Json;
  delete converted.$schema;
  const defs = (converted.$defs ?? {}) as Record<string, Json>;
  delete converted.$defs;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === "object") {
      const out: Json = {};
      for (const [key, inner] of Object.entries(value)) {
        out[key] = key === "$ref" && typeof inner === "string" ? inner.replace("#/$defs/", "#/components/schemas/") : rewrite(inner);
      }
      return out;
    }
    return value;
  };
  for (const [name, def] of Object.entries(defs)) components[name] ??= rewrite(def);
  return rewrite(converted) as Json;
}

const envelopeError = {
  type: "object",
  required: ["success", "type", "message"],
  properties: {
    success: { const: false },
    type: { type: "string", enum: Object.keys(errorCatalogue), description: "The error catalogue's type (section 8)." },
    message: { type: "string", description: "In the reader's language (?lng=, the lng cookie or Accept-Language)." },
    errors: { type: "object", additionalProperties: { type: "string" }, description: "Each refused field's message." },
  },
};

function queryParameters(schema: Json) {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: required.has(name),
    ...(typeof property.description === "string" ? { description: property.description } : {}),
    schema: property,
  }));
}

function security(call: ApiCallSpec) {
  if (call.auth === "none") return [];
  if (call.auth === "staff") return [{ bearerSession: [] }, call.changes ? { staffCookie: [], csrfHeader: [] } : { staffCookie: [] }];
  return [{ bearerSession: [] }, call.changes ? { sessionCookie: [], csrfHeader: [] } : { sessionCookie: [] }];
}

/**
 * When a refusal is answered, in words: its message (a command's refusal is described by
 * what it says), the wait it names given as Retry-After, any other value it names left out.
 */
function whenText(refusal: RefusalDoc, t: Translate): string {
  return t(refusal.when, { wait: t("api:docs.retryAfter") }).replace(/\{\{\s*\w+\s*\}\}/g, "…");
}

function responses(call: ApiCallSpec, result: Json, t: Translate) {
  const out: Json = {
    "200": {
      description: "Done: `{ success: true, result }`.",
      content: {
        "application/json": {
          schema: { type: "object", required: ["success", "result"], properties: { success: { const: true }, result, message: { type: "string" } } },
        },
      },
    },
  };
  const byStatus = new Map<number, { types: Set<ErrorType>; when: string[] }>();
  for (const refusal of everyRefusalOf(call)) {
    const entry = byStatus.get(refusal.status) ?? { types: new Set<ErrorType>(), when: [] };
    entry.types.add(refusal.type);
    entry.when.push(whenText(refusal, t));
    byStatus.set(refusal.status, entry);
  }
  for (const [status, entry] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: entry.when.join(" "),
      ...(status === 429 || status === 503 ? { headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } } } : {}),
      content: { "application/json": { schema: { $ref: "#/components/schemas/Refusal" } } },
    };
  }
  return out;
}

/** The whole document, for this origin, in English (the translator of en). */
export function openApiDocument(origin: string, t: Translate) {
  const components: Json = { Refusal: envelopeError };
  const paths: Record<string, Json> = {};
  for (const call of Object.values(apiCalls) as ApiCallSpec[]) {
    const input = jsonSchema(call.input, "input", components);
    const result = jsonSchema(call.result, "output", components);
    const parameters = call.path.includes("{") ? [...call.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } })) : [];
    for (const method of [call.method, ...(call.alsoMethods ?? [])]) {
      const operation: Json = {
        operationId: method === call.method ? call.id : `${call.id}${method === "POST" ? "Post" : "Get"}`,
        summary: t(call.summary),
        tags: [groupName(t, call.group)],
        security: security(call),
        responses: responses(call, result, t),
      };
      if (method === "GET") {
        const query = call.id === "locales" ? [] : queryParameters(input);
        if (parameters.length || query.length) operation.parameters = [...parameters, ...query];
      } else {
        if (parameters.length) operation.parameters = parameters;
        if (Object.keys((input.properties ?? {}) as Json).length || input.additionalProperties !== undefined) {
          operation.requestBody = {
            required: true,
            content: { "application/json": { schema: input }, "application/x-www-form-urlencoded": { schema: input } },
          };
        }
      }
      (paths[call.path] ??= {})[method.toLowerCase()] = operation;
    }
  }
  return translateDescriptions({
    openapi: "3.1.0",
    info: {
      title: "Glow API",
      version: "1",
      description:
        "Section 7's calls, thin over the same commands as Glow's pages: the same rules, limits and refusals. " +
        "Every answer is `{ success: true, result }` or `{ success: false, type, message, errors? }`. " +
        `A call from another origin is refused unless API_ALLOWED_ORIGINS lists it. A changing call authenticated by a cookie must send the ${CSRF_HEADER} header with the ${CSRF_COOKIE_NAME} cookie's value.`,
    },
    servers: [{ url: origin }],
    tags: GROUPS.map((group) => ({ name: groupName(t, group), description: groupText(t, group) })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearerSession: { type: "http", scheme: "bearer", description: "A session id: the member's (verifyphonecode) or the staff's (login). Members may send it as `sessionid` in the body or query instead." },
        sessionCookie: { type: "apiKey", in: "cookie", name: "sessionID", description: "The member's session cookie (the pages' sign-in)." },
        staffCookie: { type: "apiKey", in: "cookie", name: "glow_staff", description: "The staff session cookie (/login)." },
        csrfHeader: { type: "apiKey", in: "header", name: CSRF_HEADER, description: `The ${CSRF_COOKIE_NAME} cookie's value: required with a cookie on a changing call.` },
      },
    },
  }, t);
}

export interface CallReference {
  id: string;
  method: string;
  alsoMethods: string[];
  path: string;
  group: string;
  summary: string;
  auth: ApiCallSpec["auth"];
  changes: boolean;
  takes: "query" | "body" | null;
  fields: { name: string; type: string; required: boolean; description: string | null }[];
  /** Any other fields are taken too (the avatar creator's). */
  openFields: boolean;
  result: string;
  refusals: { status: number; type: string; when: string }[];
}

function typeOf(schema: Json): string {
  if (typeof schema.$ref === "string") return schema.$ref.split("/").at(-1)!;
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.anyOf)) return [...new Set(schema.anyOf.map((s) => typeOf(s as Json)))].join(" | ");
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  if (schema.type === "array" && schema.items) return `${typeOf(schema.items as Json)}[]`;
  return typeof schema.type === "string" ? schema.type : "any";
}

/** The calls as the reference page shows them, in the reader's language (`t`). */
export function callReferences(t: Translate): { groups: { name: string; description: string; calls: CallReference[] }[]; components: Json } {
  const components: Json = {};
  const calls = (Object.values(apiCalls) as ApiCallSpec[]).map((call): CallReference => {
    const input = jsonSchema(call.input, "input", components);
    const result = jsonSchema(call.result, "output", components);
    const properties = (input.properties ?? {}) as Record<string, Json>;
    const required = new Set((input.required ?? []) as string[]);
    return {
      id: call.id,
      method: call.method,
      alsoMethods: call.alsoMethods ?? [],
      path: call.path,
      group: call.group,
      summary: t(call.summary),
      auth: call.auth,
      changes: call.changes,
      takes: Object.keys(properties).length || input.additionalProperties ? (call.method === "GET" ? "query" : "body") : null,
      fields: Object.entries(properties).map(([name, property]) => ({
        name,
        type: typeOf(property),
        required: required.has(name),
        description: typeof property.description === "string" ? (property.description.startsWith("api:") ? t(property.description) : property.description) : null,
      })),
      openFields: call.id === "updateavatar",
      result: JSON.stringify(translateDescriptions(result, t), null, 2),
      refusals: everyRefusalOf(call).map((r) => ({ status: r.status, type: r.type, when: whenText(r, t) })),
    };
  });
  return {
    groups: GROUPS.map((group) => ({
      name: groupName(t, group),
      description: groupText(t, group),
      calls: calls.filter((c) => c.group === group),
    })),
    components: translateDescriptions(components, t),
  };
}
