import { describe, expect, it } from "vitest";
import { unreadableBodyIsBadRequest } from "./unreadable-body.server";

async function postAndReadForm(init: RequestInit) {
  const request = new Request("http://localhost/signin", { method: "POST", ...init });
  let thrown: unknown;
  let form: FormData | undefined;
  await unreadableBodyIsBadRequest({ request, params: {}, context: {} } as never, async () => {
    try {
      form = await request.formData();
    } catch (error) {
      thrown = error;
    }
    return new Response(null);
  });
  return { form, thrown };
}

describe("a post whose body is not a form", () => {
  it("answers 400, not a crash, when there is no form content type", async () => {
    const { thrown } = await postAndReadForm({ body: "phone=5550100001", headers: { "Content-Type": "text/plain" } });
    expect((thrown as { init?: { status?: number } }).init?.status).toBe(400);
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
