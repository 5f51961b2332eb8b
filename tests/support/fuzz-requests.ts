/**
 * The requests of the route fuzz suite (tests/unit/route-fuzz.test.ts): React Router's built route
 * manifest walked into addresses, and fast-check arbitraries for what an attacker or a
 * careless client sends to each (methods it takes and one it does not, bodies that are
 * missing, mistyped, over-long, full of control characters or not what their content type
 * says, every kind of Accept, odd path encodings).
 */
import fc from "fast-check";

/** One route of the built manifest (window.__reactRouterManifest.routes). */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasAction: boolean;
  hasLoader: boolean;
  hasDefaultExport: boolean;
}

export interface FuzzRoute {
  id: string;
  /** The full path pattern, e.g. "/party/:id" or "/accept-invite/:partyId/:contestid?/…". */
  pattern: string;
  /** A page (a component renders) or a resource (its loader or action answers). */
  kind: "page" | "resource";
  /** The methods it takes, and the methods it does not (one is always tried). */
  takes: Method[];
  refuses: Method[];
}

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "DELETE" | "PATCH" | "OPTIONS";

/**
 * The addresses the server answers before React Router (server/app.ts): the build's files,
 * the health checks, the service worker and the offline page. They take GET and HEAD.
 */
export const shellRoutes: FuzzRoute[] = ["/static/*", "/healthz", "/readyz", "/sw.js", "/offline"].map((pattern) => ({
  id: `shell:${pattern}`,
  pattern,
  kind: "resource",
  takes: ["GET", "HEAD"],
  refuses: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"],
}));

/** The manifest's routes as addresses: each route's path joined to its parents'. */
export function routesOf(manifest: Record<string, ManifestRoute>): FuzzRoute[] {
  const fullPath = (route: ManifestRoute): string => {
    const parent = route.parentId ? manifest[route.parentId] : undefined;
    const base = parent ? fullPath(parent) : "";
    const own = route.path ?? "";
    return own ? `${base.replace(/\/$/, "")}/${own}` : base || "/";
  };
  return Object.values(manifest)
    // The root, and the guarded areas' layout routes (no path of their own: no address).
    .filter((route) => route.id !== "root" && (route.path !== undefined || route.index === true))
    .map((route) => {
      const takes: Method[] = [];
      if (route.hasLoader || route.hasDefaultExport) takes.push("GET", "HEAD");
      if (route.hasAction) takes.push("POST");
      const refuses: Method[] = ["PUT", "DELETE", "PATCH", "OPTIONS"];
      if (!route.hasAction) refuses.unshift("POST");
      if (!route.hasLoader && !route.hasDefaultExport) refuses.unshift("GET");
      return { id: route.id, pattern: fullPath(route), kind: route.hasDefaultExport ? "page" : "resource", takes, refuses };
    });
}

/** Parameter values: a real id now and then, then what no link of Glow ever holds. */
const paramValue = fc.constantFrom(
  "1",
  "2",
  "3",
  "0",
  "-1",
  "999999999999",
  "1.5",
  "abc",
  "%20",
  "%E2%80%AE",
  "%C3%A9",
  "x".repeat(300),
  "..",
  "%2e%2e",
  "null",
  "undefined",
  "en",
  "zh",
  "common.json",
  "photo",
  "1e9",
);

/** How the path is spelled: as the route table says, or oddly. */
export const pathShapes = [
  "plain",
  "trailing-slash",
  "upper-case",
  "data-request",
  "newline",
  "carriage-return",
  "line-separator",
  "nul",
  "bad-percent",
  "double-slash",
  "overlong",
  "encoded-slash",
  "backslash-dots",
] as const;
export type PathShape = (typeof pathShapes)[number];

export function pathFor(pattern: string, params: string[], shape: PathShape): string {
  let index = 0;
  let path = pattern
    .split("/")
    .map((segment) => {
      if (segment === "*") return params[index++ % params.length] ?? "x";
      if (!segment.startsWith(":")) return segment;
      // An optional segment is left out now and then.
      if (segment.endsWith("?") && index % 2 === 1) return (index++, "");
      return params[index++ % params.length] ?? "1";
    })
    .join("/")
    .replace(/\/+$/, "");
  if (!path.startsWith("/")) path = `/${path}`;
  switch (shape) {
    case "plain":
      return path || "/";
    case "trailing-slash":
      return `${path}/`;
    case "upper-case":
      return path.toUpperCase();
    case "data-request":
      return path === "/" ? "/_root.data" : `${path}.data`;
    case "newline":
      return `${path}%0a`;
    case "carriage-return":
      return `${path}%0D`;
    case "line-separator":
      return `${path}%E2%80%A8`;
    case "nul":
      return `${path}%00`;
    case "bad-percent":
      return `${path}/%E0%A4%A`;
    case "double-slash":
      return `/${path}`;
    case "overlong":
      return `${path}/${"a".repeat(5000)}`;
    case "encoded-slash":
      return path.replaceAll("/", "%2F").replace(/^%2F/, "/");
    case "backslash-dots":
      return `${path}%5C..%5C..%5Cpackage.json`;
  }
}

/** Query strings: none, a few of the names Glow's loaders read, with odd values. */
const queryString = fc.oneof(
  { weight: 4, arbitrary: fc.constant("") },
  {
    weight: 2,
    arbitrary: fc
      .dictionary(
        fc.constantFrom("contest", "round", "redirectTo", "code", "q", "opened", "scan", "to", "creatureId", "lng", "page", "before", "auditBefore", "index", "_routes"),
        fc.constantFrom("1", "abc", "-5", "//evil.example", "%0a", "%E0%A4%A", "\u202e", "x".repeat(3000), "zh", "routes/home", ""),
        { maxKeys: 3 },
      )
      .map((query) => {
        const entries = Object.entries(query);
        return entries.length ? `?${entries.map(([k, v]) => `${k}=${/%/.test(v) ? v : encodeURIComponent(v)}`).join("&")}` : "";
      }),
  },
);

/** Field values: valid-looking now and then, mostly what forms never send. */
const oddValue = fc.oneof(
  fc.constantFrom("1", "2", "0", "-1", "yes", "true", "on", "dark", "zh", "5550100001", "+15550100001", "123456", "ABC-DEF", "hello"),
  fc.constantFrom("", " ", "1e309", "NaN", "0x10", "[object Object]", "null", "9".repeat(40), "-0", "2147483648"),
  fc.constantFrom("\u0000", "a\u0000b", "\r\n", "\u0007\u001b[31m", "\u202eevil", "\u2028", "\ud800", "<script>alert(1)</script>", "' or 1=1 --", "名字"),
  fc.constantFrom("x".repeat(2_001), "y".repeat(20_000), "z".repeat(120_000)),
  fc.string({ maxLength: 40 }),
);

/** A field's value: one of the intents a page's buttons name, or an odd value. */
const fieldValueOf = (intents: readonly string[]) =>
  intents.length ? fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...intents) }, { weight: 3, arbitrary: oddValue }) : oddValue;

/** Odd JSON values for a JSON body's members. */
const jsonValueOf = (fieldValue: fc.Arbitrary<string>): fc.Arbitrary<unknown> => fc.oneof(
  fieldValue,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.constant({ nested: { deep: [1, "two", null] } }),
);

export type Body =
  | { kind: "none" }
  | { kind: "form"; fields: [string, string][] }
  | { kind: "json"; value: unknown }
  | { kind: "broken-json"; text: string }
  | { kind: "multipart"; fields: [string, string][]; file: boolean }
  | { kind: "broken-multipart"; text: string; contentType: string }
  | { kind: "wrong-type"; text: string; contentType: string };

export function bodyArbitrary(fieldNames: readonly string[], intents: readonly string[]): fc.Arbitrary<Body> {
  const fieldValue = fieldValueOf(intents);
  const jsonValue = jsonValueOf(fieldValue);
  const name = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...fieldNames) }, { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) });
  const fields = fc.array(fc.tuple(name, fieldValue), { maxLength: 6 });
  return fc.oneof(
    fc.constant<Body>({ kind: "none" }),
    { weight: 4, arbitrary: fields.map((f): Body => ({ kind: "form", fields: f })) },
    { weight: 2, arbitrary: fc.dictionary(name, jsonValue, { maxKeys: 5 }).map((value): Body => ({ kind: "json", value })) },
    fc.constantFrom<unknown>([], "text", 7, null, [{ intent: "x" }]).map((value): Body => ({ kind: "json", value })),
    fc.constantFrom('{"intent":', "{bad", "[1,", "nul", "\u0000", '{"a":1}}', "").map((text): Body => ({ kind: "broken-json", text })),
    fc.tuple(fields, fc.boolean()).map(([f, file]): Body => ({ kind: "multipart", fields: f, file })),
    fc
      .constantFrom(
        { contentType: "multipart/form-data; boundary=fuzz", text: "--fuzz\r\nContent-Disposition: form-data; name=\"intent\"\r\n\r\nx" },
        { contentType: "multipart/form-data; boundary=fuzz", text: "no boundary in here at all" },
        { contentType: "multipart/form-data", text: "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--x--\r\n" },
        { contentType: "multipart/form-data; boundary=fuzz", text: "--fuzz\r\nContent-Disposition: form-data\r\n\r\nnameless\r\n--fuzz--\r\n" },
      )
      .map((b): Body => ({ kind: "broken-multipart", ...b })),
    fc
      .constantFrom(
        { contentType: "text/plain", text: "intent=open-box&boxId=1" },
        { contentType: "application/xml", text: "<intent>x</intent>" },
        { contentType: "application/octet-stream", text: "\u0000\u0001\u0002" },
        { contentType: "application/x-www-form-urlencoded; charset=utf-16", text: "a=b" },
        { contentType: "application/json-patch+json", text: "[]" },
      )
      .map((b): Body => ({ kind: "wrong-type", ...b })),
  );
}

const BOUNDARY = "----glowfuzz7MA4YWxkTrZu0gW";

/** A body as bytes, with the Content-Type it goes with (none for "none"). */
export function encodeBody(body: Body): { contentType?: string; bytes?: Buffer } {
  switch (body.kind) {
    case "none":
      return {};
    case "form":
      return { contentType: "application/x-www-form-urlencoded", bytes: Buffer.from(new URLSearchParams(body.fields).toString()) };
    case "json":
      return { contentType: "application/json", bytes: Buffer.from(JSON.stringify(body.value) ?? "null") };
    case "broken-json":
      return { contentType: "application/json", bytes: Buffer.from(body.text) };
    case "multipart": {
      const parts = body.fields.map(([n, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${n.replaceAll('"', "%22")}"\r\n\r\n${v}\r\n`);
      if (body.file) parts.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnot really a photo\r\n`);
      return { contentType: `multipart/form-data; boundary=${BOUNDARY}`, bytes: Buffer.from(`${parts.join("")}--${BOUNDARY}--\r\n`) };
    }
    case "broken-multipart":
    case "wrong-type":
      return { contentType: body.contentType, bytes: Buffer.from(body.text) };
  }
}

export const identities = ["visitor", "member", "game-master", "judge", "staff"] as const;
export type Identity = (typeof identities)[number];

export const accepts = [
  "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "text/html",
  "application/json",
  "*/*",
  null,
] as const;

export interface FuzzCase {
  route: FuzzRoute;
  method: Method;
  identity: Identity;
  accept: (typeof accepts)[number];
  path: string;
  /** How the path was spelled. */
  shape: PathShape;
  body: Body;
  /** A cross-site browser's post (it is refused before any route runs). */
  crossSite: boolean;
}

/** One request to one route: a method it takes (mostly) or one it does not. */
export function caseArbitrary(routes: FuzzRoute[], fieldNames: readonly string[], intents: readonly string[]): fc.Arbitrary<FuzzCase> {
  return fc.constantFrom(...routes).chain((route) =>
    fc
      .record({
      route: fc.constant(route),
      method: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...route.takes) }, { weight: 1, arbitrary: fc.constantFrom(...route.refuses) }),
      identity: fc.constantFrom(...identities),
      accept: fc.constantFrom(...accepts),
      spelling: fc.tuple(
        fc.array(paramValue, { minLength: 5, maxLength: 5 }),
        fc.oneof({ weight: 8, arbitrary: fc.constant<PathShape>("plain") }, { weight: 4, arbitrary: fc.constantFrom(...pathShapes) }),
        queryString,
      ),
      body: bodyArbitrary(fieldNames, intents),
      crossSite: fc.oneof({ weight: 12, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      })
      .map(({ spelling: [params, shape, query], ...rest }) => ({ ...rest, path: `${pathFor(route.pattern, params, shape)}${query}`, shape })),
  );
}

/** The names a page's forms post, and the intents their buttons name, read from its HTML. */
export function formFieldsOf(html: string): { names: string[]; intents: string[] } {
  const names = new Set<string>();
  const intents = new Set<string>();
  for (const match of html.matchAll(/<(?:input|select|textarea|button)\b[^>]*>/g)) {
    const tag = match[0];
    const name = /\bname="([^"]+)"/.exec(tag)?.[1];
    if (!name) continue;
    names.add(name);
    const value = /\bvalue="([^"]*)"/.exec(tag)?.[1];
    if (name === "intent" && value) intents.add(value);
  }
  return { names: [...names], intents: [...intents] };
}
