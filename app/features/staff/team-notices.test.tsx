import type { i18n as I18n } from "i18next";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { attrs, namedBy } from "../../../tests/support/markup";
import { renderHtml } from "../../../tests/support/render";
import { BASE_URL, callRoute } from "../../../tests/support/route";
import { getInstance, serverTranslations } from "~/platform/i18n.server";
import { setMasterSecret } from "~/platform/secrets.server";
import { TranslationsProvider } from "~/platform/translations";
import type { TeamNotice } from "./notices.server";
import { TeamNotices } from "./team-notices";

let en: I18n;
beforeAll(async () => {
  setMasterSecret("team-notices-test-secret-0123456789");
  const call = await callRoute(({ context }) => getInstance(context), new Request(`${BASE_URL}/salute-select`));
  en = call.result as I18n;
});

function render(notices: TeamNotice[]) {
  const Stub = createRoutesStub([{ path: "/salute-select", Component: () => <TeamNotices notices={notices} /> }]);
  return renderHtml(
    <TranslationsProvider translations={serverTranslations(en)}>
      <Stub initialEntries={["/salute-select"]} />
    </TranslationsProvider>,
  );
}

describe("the team's notices to a member", () => {
  it("are a region named 'From the Glow team', each notice with its own button to dismiss it", async () => {
    const html = await render([
      { id: 7, kind: "report-handled", createdAt: "2026-11-01T10:00:00Z" },
      { id: 9, kind: "warning", createdAt: "2026-11-02T10:00:00Z" },
    ]);
    expect(namedBy(html, attrs(html, "section")["aria-labelledby"])).toEqual(["From the Glow team"]);
    expect(html).toContain("Thank you for your report.");
    expect(html).toContain("Please keep salutes kind");
    expect([...html.matchAll(/name="noticeId" value="(\d+)"/g)].map((m) => m[1])).toEqual(["7", "9"]);
    expect(html.match(/>Got it<\/button>/g)).toHaveLength(2);
  });

  it("are not there at all when there is none", async () => {
    expect(await render([])).not.toContain("<section");
  });
});
