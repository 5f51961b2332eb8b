/**
 * The action seam as a caller sees it: one form reader, one responder, the after-commit
 * hook and the cache utility.
 */
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { callRoute, formRequest, outcome, toastOf, BASE_URL } from "../../tests/support/route";
import { keep } from "./cache";
import { parseForm } from "./forms.server";
import { done, refused, type Outcome } from "./outcome";
import { invalid, respond, type FormAnswer } from "./respond.server";
import { setMasterSecret } from "./secrets.server";

beforeAll(() => setMasterSecret("test-master-secret-0123456789abcdef"));

const Note = z.object({
  text: z.string().trim().min(1, { error: "errors:validation.required" }).max(10, { error: "errors:validation.tooLong" }),
  count: z.coerce.number().int().min(1).max(3),
});

type NoteRefusal = "full" | "too-fast";

/** A command of the shape every feature's commands have. */
function addNote(input: { text: string; count: number }, state: { full?: boolean; fast?: boolean }): Outcome<{ id: number }, NoteRefusal> {
  if (state.full) return refused("full", { details: { max: 3 } });
  if (state.fast) return refused("too-fast", { retryAfter: 90 });
  return done({ id: input.count * 10 });
}

const refusals = {
  full: { status: 409, message: "errors:validation.invalid", field: "text" },
  "too-fast": { status: 429, message: "common:wait.minutes" },
} as const;

function action(state: { full?: boolean; fast?: boolean } = {}, options: { back?: string } = {}) {
  return async ({ request, context }: { request: Request; context: RouterContextProvider }) => {
    const form = await parseForm(request, Note);
    if (!form.ok) return invalid({ request, context }, form, options);
    return respond({ request, context }, addNote(form.data, state), {
      values: form.values,
      done: (note, t) => ({ redirectTo: `/notes/${note.id}`, toast: t("common:toast.region"), result: note }),
      refusals,
      ...options,
    });
  };
}

const page = { Accept: "text/html" };
const json = { Accept: "application/json" };

describe("a page's form post", () => {
  it("done: redirects with a toast", async () => {
    const call = await callRoute(action(), formRequest("/notes", { text: "hi", count: "2" }, { headers: page }));
    expect(outcome(call)).toMatchObject({ status: 303, location: "/notes/20" });
    expect(await toastOf(call.response)).toMatchObject({ type: "success", message: "Notifications" });
  });

  it("invalid: the form again with each field's message, in the reader's language, and what was typed", async () => {
    const long = "x".repeat(2000);
    const call = await callRoute(action(), formRequest("/notes?lng=zh", { text: long, count: "9" }, { headers: page }));
    const answer = outcome(call);
    expect(answer.status).toBe(400);
    const body = answer.data as unknown as FormAnswer;
    expect(body.values.text).toBe(long);
    expect(Object.keys(body.errors).sort()).toEqual(["count", "text"]);
    expect(body.errors.text).not.toMatch(/^errors:/);
  });

  it("refused: the refusal's status, its field's message and the typed values", async () => {
    const call = await callRoute(action({ full: true }), formRequest("/notes", { text: "hi", count: "1" }, { headers: page }));
    expect(outcome(call).status).toBe(409);
    expect(outcome(call).data).toMatchObject({ values: { text: "hi", count: "1" }, refusal: "full" });
  });

  it("a limit: 429 with Retry-After, and the wait in words", async () => {
    const call = await callRoute(action({ fast: true }), formRequest("/notes", { text: "hi", count: "1" }, { headers: page }));
    const result = call.result as { init: { status: number; headers: Record<string, string> }; data: FormAnswer };
    expect(result.init.status).toBe(429);
    expect(new Headers(result.init.headers).get("Retry-After")).toBe("90");
  });

  it("a post to a resource address goes back to its page with the message as a toast", async () => {
    const call = await callRoute(action({ full: true }, { back: "/notes" }), formRequest("/notes/add", { text: "hi", count: "1" }, { headers: page }));
    expect(outcome(call)).toMatchObject({ status: 303, location: "/notes" });
    expect(await toastOf(call.response)).toMatchObject({ type: "error" });
  });
});

describe("a JSON call", () => {
  it("done: { success, result }", async () => {
    const request = new Request(`${BASE_URL}/notes`, { method: "POST", headers: { ...json, "Content-Type": "application/json" }, body: JSON.stringify({ text: "hi", count: 3 }) });
    const call = await callRoute(action(), request);
    expect(outcome(call)).toMatchObject({ status: 200, data: { success: true, result: { id: 30 } } });
  });

  it("refused: the catalogue's type for the status, the message and Retry-After", async () => {
    const call = await callRoute(action({ fast: true }), formRequest("/notes", { text: "hi", count: "1" }, { headers: json }));
    expect(outcome(call)).toMatchObject({ status: 429, data: { success: false, type: "TOO_MANY_REQUESTS" } });
    const call2 = await callRoute(action({ full: true }), formRequest("/notes", { text: "hi", count: "1" }, { headers: json }));
    expect(outcome(call2)).toMatchObject({ status: 409, data: { success: false, errors: { text: expect.any(String) } } });
  });

  it("invalid: 400 BAD_REQUEST with every field's message", async () => {
    const call = await callRoute(action(), formRequest("/notes", { text: "", count: "1" }, { headers: json }));
    expect(outcome(call)).toMatchObject({ status: 400, data: { success: false, type: "BAD_REQUEST", errors: { text: "This field is required." } } });
  });

  it("a field of the wrong type is not valid, not missing", async () => {
    const request = new Request(`${BASE_URL}/notes`, { method: "POST", headers: { ...json, "Content-Type": "application/json" }, body: JSON.stringify({ text: 5, count: 1 }) });
    const call = await callRoute(action(), request);
    expect(outcome(call)).toMatchObject({ status: 400, data: { success: false, type: "BAD_REQUEST", errors: { text: "This value is not valid." } } });
    const missing = new Request(`${BASE_URL}/notes`, { method: "POST", headers: { ...json, "Content-Type": "application/json" }, body: JSON.stringify({ count: 1 }) });
    expect(outcome(await callRoute(action(), missing))).toMatchObject({ status: 400, data: { errors: { text: "This field is required." } } });
  });

  it("a body that is neither a form nor JSON is a 400, not a 500", async () => {
    const request = new Request(`${BASE_URL}/notes`, { method: "POST", headers: { ...json, "Content-Type": "text/plain" }, body: "hello" });
    const call = await callRoute(action(), request);
    expect(outcome(call).status).toBe(400);
  });
});

describe("what a page needs beside the message (0541)", () => {
  const wait = (extra: { until?: number }) => async ({ request, context }: { request: Request; context: RouterContextProvider }) =>
    respond({ request, context }, refused("too-fast", { retryAfter: 40, ...extra }) as Outcome<never, NoteRefusal>, {
      values: { text: "hi" },
      refusals: { ...refusals, "too-fast": { status: 429, message: "common:wait.minutes", toast: "common:toast.region" } },
      headers: { "Set-Cookie": "given=yes; Path=/" },
      done: () => ({}),
    });

  it("a refusal's until becomes the answer's countdown, from the server's clock", async () => {
    const until = Date.now() + 40_000;
    const call = await callRoute(wait({ until }), formRequest("/notes", { text: "hi" }, { headers: page }));
    const answer = outcome(call).data as unknown as FormAnswer;
    expect(answer.countdown?.at).toBe(until);
    expect(until - answer.countdown!.now).toBeGreaterThan(39_000);
    const without = await callRoute(wait({}), formRequest("/notes", { text: "hi" }, { headers: page }));
    expect((outcome(without).data as unknown as FormAnswer).countdown).toBeUndefined();
  });

  it("a refusal's toast travels in the answer of a page that runs JavaScript", async () => {
    const call = await callRoute(wait({}), formRequest("/notes.data", { text: "hi" }, { headers: page }));
    expect((outcome(call).data as unknown as FormAnswer).toast).toEqual({ type: "error", message: "Notifications" });
  });

  it("the headers given go with every answer, next to Retry-After", async () => {
    for (const headers of [page, json]) {
      const call = await callRoute(wait({}), formRequest("/notes", { text: "hi" }, { headers }));
      const init = (call.result as { init: { headers: HeadersInit } }).init;
      expect(new Headers(init.headers).getSetCookie()).toEqual(["given=yes; Path=/"]);
      expect(new Headers(init.headers).get("Retry-After")).toBe("40");
    }
  });

  it("a refinement names the values its message mentions", async () => {
    const Ranged = z.object({ n: z.string().refine((v) => v === "1", { error: "errors:validation.invalid", params: { min: 1, max: 1 } }) });
    const form = await parseForm(formRequest("/notes", { n: "2" }), Ranged);
    expect(form.ok ? null : form.problems.n).toEqual({ key: "errors:validation.invalid", params: { min: 1, max: 1 } });
  });
});

describe("keep: the one cache utility", () => {
  it("loads a key once while it is kept, and again after forget", async () => {
    const load = vi.fn(async (key: string) => `${key}!`);
    const kept = keep({ max: 2, load });
    expect(await Promise.all([kept.get("a"), kept.get("a")])).toEqual(["a!", "a!"]);
    expect(load).toHaveBeenCalledTimes(1);
    kept.forget("a");
    await kept.get("a");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("holds at most `max` keys and forgets values older than the time limit", async () => {
    const load = vi.fn(async (key: number) => ({ key }));
    const kept = keep({ max: 2, ttlMs: 100, load });
    await kept.get(1);
    await kept.get(2);
    await kept.get(3); // 1 is pushed out
    await kept.get(1);
    expect(load).toHaveBeenCalledTimes(4);
    await kept.get(1);
    expect(load).toHaveBeenCalledTimes(4);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await kept.get(1);
    expect(load).toHaveBeenCalledTimes(5);
  });

  it("answers a load forgotten while under way, but does not keep it", async () => {
    let release!: (value: string) => void;
    const kept = keep<string, string>({ max: 2, ttlMs: 1000, load: () => new Promise((resolve) => (release = resolve)) });
    const first = kept.get("a");
    kept.forget();
    release("old");
    expect(await first).toBe("old");
    const second = kept.get("a");
    release("new");
    expect(await second).toBe("new");
  });

  it("keeps null answers too", async () => {
    const load = vi.fn(async () => null);
    const kept = keep<string, null>({ max: 5, load });
    expect(await kept.get("x")).toBeNull();
    expect(await kept.get("x")).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
