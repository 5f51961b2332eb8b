/**
 * The dashboard's member list as the server draws it: each member the ringleader may manage
 * has plain HTML posts (no script needed) that name the party and the member, and the list is
 * a region named by its heading.
 */
import i18next from "i18next";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import resources from "~/locales";
import { serverTranslations } from "~/platform/i18n.server";
import { TranslationsProvider } from "~/platform/translations";
import { attrs, namedBy } from "../../../tests/support/markup";
import { Members, PendingInvites, Requests } from "./manager-sections";

type View = Parameters<typeof Members>[0]["view"];
type Invites = Parameters<typeof PendingInvites>[0]["invites"];

async function render(node: ReactNode) {
  const instance = i18next.createInstance();
  await instance.init({ resources, lng: "en", fallbackLng: "en", defaultNS: "common", fallbackNS: "common", interpolation: { escapeValue: false } });
  const Stub = createRoutesStub([{ path: "/partymanager", Component: () => <>{node}</> }]);
  return renderToString(
    <TranslationsProvider translations={serverTranslations(instance)}>
      <Stub initialEntries={["/partymanager"]} />
    </TranslationsProvider>,
  ).replace(/&#x27;/g, "'");
}

const person = (id: number, name: string, role: "ringleader" | "member") => ({ id, name, avatarUrl: "/avatars/x.svg", role, joinedAt: "2026-11-01T00:00:00.000Z", joinedOn: "Nov 1, 2026", points: 3 });
// Only what the member list reads of the dashboard's view (a party and its roster).
const view = { party: { id: 41 }, members: [person(1, "Katherine", "ringleader"), person(2, "Ada", "member"), person(3, "Grace", "ringleader")] } as unknown as View;

/** Each form on the page: its hidden fields and its button's words. */
function posts(html: string) {
  return [...html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)].map(([, inner]) => ({
    fields: Object.fromEntries([...inner!.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]])),
    button: /<button\b[^>]*>([^<]*)<\/button>/.exec(inner!)?.[1],
  }));
}

describe("the dashboard's members", () => {
  it("a plain member can be made co-ringleader, handed the lead or removed; a co-ringleader only handed the lead; the viewer nothing", async () => {
    const html = await render(<Members view={view} me={1} answer={undefined} />);
    expect(posts(html)).toEqual([
      { fields: { intent: "co-ringleader", partyId: "41", memberId: "2" }, button: "Make Ada a co-ringleader" },
      { fields: { intent: "hand-over", partyId: "41", memberId: "2" }, button: "Hand leadership over to Ada" },
      { fields: { intent: "remove", partyId: "41", memberId: "2" }, button: "Remove Ada" },
      { fields: { intent: "hand-over", partyId: "41", memberId: "3" }, button: "Hand leadership over to Grace" },
    ]);
    expect(html).not.toContain("Manage Katherine");
  });

  it("is a region named by its heading, at the address #party-members", async () => {
    const html = await render(<Members view={view} me={1} answer={undefined} />);
    const section = attrs(html, "section");
    expect(section.id).toBe("party-members");
    expect(namedBy(html, section["aria-labelledby"])).toEqual(["Members"]);
  });

  it("a refused removal opens the member's controls and keeps the reason typed, at its field", async () => {
    const answer = { values: { intent: "remove", memberId: "2", reason: "x".repeat(300) }, errors: { reason: "Keep the reason under 280 characters." } };
    const html = await render(<Members view={view} me={1} answer={answer} />);
    expect(html).toMatch(/<details class="mt-2" open="">\s*<summary[^>]*>Manage Ada<\/summary>/);
    expect(attrs(html, "textarea")).toMatchObject({ id: "reason-2", "aria-invalid": "true", "aria-describedby": "reason-2-error" });
    expect(html).toContain(`>${"x".repeat(300)}</textarea>`);
    expect(html).toContain('id="reason-2-error"');
  });
});

describe("the dashboard's invitations and join requests", () => {
  it("a pending invitation can be sent again or revoked, each a post naming the invitation", async () => {
    const invites = [{ id: 9, status: "pending", email: "hedy@example.com", role: "member", expired: false, expiresOn: "Dec 5, 2026", acceptedBy: null }] as unknown as Invites;
    expect(posts(await render(<PendingInvites invites={invites} answer={undefined} />))).toEqual([
      { fields: { intent: "resend", inviteId: "9" }, button: "Resend" },
      { fields: { intent: "revoke", inviteId: "9" }, button: "Revoke" },
    ]);
  });

  it("a request to join is accepted or declined by a post naming the party and the request", async () => {
    const asking = { party: { id: 41, joinPolicy: "request" }, requests: [{ id: 5, person: null, askedOn: "Nov 2, 2026" }] } as unknown as View;
    expect(posts(await render(<Requests view={asking} answer={undefined} />))).toEqual([
      { fields: { intent: "accept-request", partyId: "41", requestId: "5" }, button: "Accept" },
      { fields: { intent: "decline-request", partyId: "41", requestId: "5" }, button: "Decline" },
    ]);
  });
});
