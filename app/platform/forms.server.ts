/**
 * The one form reader. Every action and JSON call reads its input here: a browser's form
 * post (urlencoded or multipart) or a JSON body, validated by a zod schema, answering the
 * typed data or, per field, what is wrong, together with what was typed so the page can
 * show it again.
 *
 * A schema's messages are translation keys ("salutes:errors.messageTooLong"); the responder
 * translates them in the reader's language. zod's own English messages (a schema that
 * names none) become the generic `errors:validation.*` keys.
 */
import { z } from "zod";

/** What was typed, field by field, as the page shows it again. */
export type FormValues = Record<string, string>;

/** A field's problem: a translation key and the values its text mentions. */
export interface FieldProblem {
  key: string;
  params: Record<string, string | number>;
}

export type FieldProblems = Record<string, FieldProblem>;

export type ParsedForm<T> =
  | { ok: true; data: T; values: FormValues }
  | { ok: false; values: FormValues; problems: FieldProblems };

/**
 * Text is shown again whole up to this many characters (a refused over-long message must
 * come back so the member can shorten it); beyond it, the body limit's business, not a
 * person's typing.
 */
const ECHO_MAX = 10_000;

/** Never shown again, whatever the outcome. */
const SECRET_FIELD = /password|token|secret/i;

type Input = Record<string, unknown>;

/**
 * The request's fields: a form's entries (a repeated name becomes a list; a file stays a
 * File for schemas that take one) or a JSON object's members. Null when the body cannot be
 * read as a form or a JSON object: no content type or another one, a broken multipart body,
 * JSON that does not parse or is not an object. The responder answers that 400 in the one
 * envelope (`invalid` with `unreadableForm()`), to a page with its form again.
 *
 * NUL characters are taken out of every name and text: no one types one, and PostgreSQL
 * text cannot hold one (a save would fail and the form be lost); the rest is kept.
 */
export async function readInput(request: Request): Promise<Input | null> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (type.startsWith("application/json")) {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return null;
    }
    return body !== null && typeof body === "object" && !Array.isArray(body) ? (withoutNul(body) as Input) : null;
  }
  if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return null;
    }
    const input: Input = {};
    for (const [rawName, raw] of form) {
      const name = rawName.replaceAll("\0", "");
      const value = typeof raw === "string" ? raw.replaceAll("\0", "") : raw;
      const seen = input[name];
      if (seen === undefined) input[name] = value;
      else input[name] = Array.isArray(seen) ? [...seen, value] : [seen, value];
    }
    return input;
  }
  // A post with no body at all (a button with no fields) reads as no fields.
  if (!type && request.headers.get("Content-Length") === null) return {};
  return null;
}

/** A parsed JSON value without NUL characters in its strings and keys. */
function withoutNul(value: unknown): unknown {
  if (typeof value === "string") return value.replaceAll("\0", "");
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key.replaceAll("\0", ""), withoutNul(inner)]));
  }
  return value;
}

/** What was typed, as text: numbers and booleans of a JSON body too; files and secrets never. */
export function typedValues(input: Input): FormValues {
  const values: FormValues = {};
  for (const [name, raw] of Object.entries(input)) {
    if (SECRET_FIELD.test(name)) continue;
    const first = Array.isArray(raw) ? raw[0] : raw;
    if (typeof first === "string") values[name] = first.slice(0, ECHO_MAX);
    else if (typeof first === "number" || typeof first === "boolean") values[name] = String(first);
  }
  return values;
}

/** A body that is not a form or a JSON object: the whole request is what is wrong. */
export function unreadableForm(): Extract<ParsedForm<never>, { ok: false }> {
  return { ok: false, values: {}, problems: { form: { key: "errors:types.BAD_REQUEST.message", params: {} } } };
}

/** Reads and validates the request's fields with `schema`. */
export async function parseForm<S extends z.ZodType>(request: Request, schema: S): Promise<ParsedForm<z.output<S>>> {
  return parseInput(await readInput(request), schema);
}

/**
 * Validates fields already read (a command reused by a caller that has its own input, a
 * page whose forms it tells apart first); no fields (a body that was not a form) is a 400.
 */
export function parseInput<S extends z.ZodType>(input: Input | null, schema: S): ParsedForm<z.output<S>> {
  if (input === null) return unreadableForm();
  const values = typedValues(input);
  // reportInput: zod 4 leaves an issue's input out unless asked, and without it a field of the
  // wrong type (a JSON number where text belongs) could not be told from a missing one.
  const parsed = schema.safeParse(input, { reportInput: true });
  if (parsed.success) return { ok: true, data: parsed.data, values };
  return { ok: false, values, problems: problemsOf(parsed.error) };
}

/** The first problem of each field (a form shows one message a field). */
export function problemsOf(error: z.ZodError): FieldProblems {
  const problems: FieldProblems = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : "form";
    if (!(field in problems)) problems[field] = problemOf(issue);
  }
  return problems;
}

function problemOf(issue: z.core.$ZodIssue): FieldProblem {
  const params: Record<string, string | number> = {};
  if (issue.code === "too_big") params.max = Number(issue.maximum);
  if (issue.code === "too_small") params.min = Number(issue.minimum);
  // A refinement names the values its message mentions itself (a range's bounds).
  if (issue.code === "custom" && issue.params) Object.assign(params, issue.params);
  // A schema's own message is a translation key (it names a namespace).
  if (/^[a-z][\w-]*:[\w.-]+$/i.test(issue.message)) return { key: issue.message, params };
  if (issue.code === "too_big") return { key: "errors:validation.tooLong", params };
  if (issue.code === "invalid_type" && issue.input === undefined) return { key: "errors:validation.required", params };
  if (issue.code === "too_small" && params.min === 1) return { key: "errors:validation.required", params };
  return { key: "errors:validation.invalid", params };
}
