/**
 * The API's reference says every status a call can answer, and its refusals are read off
 * the refusal maps the routes answer with (issue 36 point 3, issue 37 point 7): a refusal a
 * command can give is documented in that refusal's own words, and the checks every call
 * makes (the caller, the method, the body, the database) are listed for every call.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { translatorFor } from "~/platform/i18n.server";
import { beamkinRefusals } from "~/features/beamkins/errors";
import { staffSignInRefusals } from "~/features/staff/sign-in.server";
import { apiCalls, everyRefusalOf, refusalsIn, type ApiCallSpec } from "./calls.server";
import { callReferences, openApiDocument } from "./openapi.server";

type Translate = (key: string, params?: Record<string, unknown>) => string;
let en: Translate;
let zh: Translate;
beforeAll(async () => {
  en = (await translatorFor("en")) as Translate;
  zh = (await translatorFor("zh")) as Translate;
});

type Operation = { responses: Record<string, { description: string }> };
const operations = (document: ReturnType<typeof openApiDocument>) =>
  Object.values(document.paths).flatMap((path) => Object.values(path as Record<string, Operation>));

describe("the refusals each call documents", () => {
  it("are the entries of the maps its route answers with, in their own words", () => {
    expect(refusalsIn(beamkinRefusals, "chatting-too-fast")).toEqual([{ status: 429, type: "TOO_MANY_REQUESTS", when: "beamkins:refusals.chatting-too-fast" }]);
    const login = everyRefusalOf(apiCalls.login);
    for (const [, how] of Object.entries(staffSignInRefusals)) expect(login).toContainEqual(expect.objectContaining({ status: how.status, when: how.message }));
    const chat = openApiDocument("https://glow.example", en).paths["/api/creaturechatmessage/"] as Record<string, Operation>;
    expect(chat.post!.responses["429"]!.description).toBe("You're chatting very fast. Try again in Retry-After seconds.");
    expect(chat.post!.responses["403"]!.description).toContain("That beamkin isn't yours");
  });

  it("list every status a call can answer: its checks, the method, the body, the database", () => {
    const document = openApiDocument("https://glow.example", en);
    for (const call of Object.values(apiCalls) as ApiCallSpec[]) {
      for (const method of [call.method, ...(call.alsoMethods ?? [])]) {
        const statuses = Object.keys((document.paths[call.path] as Record<string, Operation>)[method.toLowerCase()]!.responses);
        const expected = ["200", "403", "405", "500", "503"];
        if (method === "POST" || call.alsoMethods?.includes("POST") || call.method === "POST") expected.push("400", "411", "413");
        if (call.auth !== "none") expected.push("401");
        expect(statuses, `${method} ${call.path}`).toEqual(expect.arrayContaining(expected));
      }
    }
    const paths = document.paths as Record<string, Record<string, Operation>>;
    expect(Object.keys(paths["/api/getphonecode/"]!.post!.responses)).toEqual(expect.arrayContaining(["400", "429", "503"]));
    expect(paths["/api/getparties/"]!.get!.responses["400"]!.description).toContain("Ask for parties by memberid, contestid and zipcode together");
    expect(paths["/api/getaccount/"]!.post!.responses["403"]!.description).toContain("You can read only your own account.");
  });

  it("are said in the reader's language, with no key or placeholder left", () => {
    for (const t of [en, zh]) {
      for (const operation of operations(openApiDocument("https://glow.example", t))) {
        for (const [status, response] of Object.entries(operation.responses)) {
          expect(response.description, status).not.toMatch(/\{\{|\b(api|errors|beamkins|auth|staff|profile):[\w.-]+/);
        }
      }
      for (const group of callReferences(t).groups) {
        for (const call of group.calls) for (const refusal of call.refusals) expect(refusal.when, call.id).not.toMatch(/\{\{|^\w+:[\w.-]+$/);
      }
    }
    const chatZh = (openApiDocument("https://glow.example", zh).paths["/api/creaturechatmessage/"] as Record<string, Operation>).post!;
    expect(chatZh.responses["429"]!.description).toMatch(/[\u4e00-\u9fff]/);
  });
});
