import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { unreadableBodyIsBadRequest } from "./unreadable-body.server";

async function postAndRead<T>(init: RequestInit, read: (request: Request) => Promise<T>) {
  const request = new Request("http://localhost/signin", { method: "POST", ...init });
  let thrown: unknown;
  let body: T | undefined;
  await unreadableBodyIsBadRequest({ request, params: {}, context: new RouterContextProvider() } as never, async () => {
    try {
      body = await read(request);
    } catch (error) {
      thrown = error;
    }
    return new Response(null);
  });
  return { body, thrown };
}

async function postAndReadForm(init: RequestInit) {
  const { body, thrown } = await postAndRead(init, (request) => request.formData());
  return { form: body, thrown };
}

describe("a post whose body is not a form", () => {
  it("answers 400, not a crash, when there is no form content type, with the catalogue's reason", async () => {
    const { thrown } = await postAndReadForm({ body: "phone=5550100001", headers: { "Content-Type": "text/plain" } });
    expect((thrown as { init?: { status?: number } }).init?.status).toBe(400);
    expect((thrown as { data: unknown }).data).toEqual({
      ok: false,
      type: "BAD_REQUEST",
      error: "Something is wrong with your request, please try again",
    });
  });

  it("answers 400 for an empty post without a content type", async () => {
    const { thrown } = await postAndReadForm({});
    expect((thrown as { init?: { status?: number } }).init?.status).toBe(400);
  });

  it("reads a real form as before", async () => {
    const { form, thrown } = await postAndReadForm({ body: new URLSearchParams({ phone: "5550100001" }) });
    expect(thrown).toBeUndefined();
    expect(form?.get("phone")).toBe("5550100001");
  });
});

describe("NUL characters, which no one types and PostgreSQL text cannot hold", () => {
  it("are taken out of a form's texts, and the rest of the form is kept", async () => {
    const { form, thrown } = await postAndReadForm({
      body: new URLSearchParams({ firstName: "Gr\0ace", username: "ada", "bad\0name": "x" }),
    });
    expect(thrown).toBeUndefined();
    expect(form?.get("firstName")).toBe("Grace");
    expect(form?.get("username")).toBe("ada");
    expect(form?.get("badname")).toBe("x");
  });

  it("are taken out of a JSON body's strings and keys", async () => {
    const { body } = await postAndRead(
      { body: JSON.stringify({ fingerprint: "a\0b", list: ["c\0"], nested: { "k\0": 1 } }), headers: { "Content-Type": "application/json" } },
      (request) => request.json(),
    );
    expect(body).toEqual({ fingerprint: "ab", list: ["c"], nested: { k: 1 } });
  });

  it("a body that is not JSON answers 400", async () => {
    const { thrown } = await postAndRead({ body: "{bad", headers: { "Content-Type": "application/json" } }, (request) => request.json());
    expect((thrown as { init?: { status?: number } }).init?.status).toBe(400);
  });
});
