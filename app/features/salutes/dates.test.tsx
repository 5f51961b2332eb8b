import type { i18n as I18n } from "i18next";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, callRoute } from "../../../tests/support/route";
import { withDates } from "./dates";
import type { ReceivedSalute } from "./salutes.server";
import { ReceivedSalutes } from "./ui";
import { getInstance, serverTranslations } from "~/platform/i18n.server";
import { setMasterSecret } from "~/platform/secrets.server";
import { formatDay, formatMoment } from "~/ui/dates";
import { TranslationsProvider } from "~/platform/translations";

// A page renders on the server and hydrates in the browser: a date that reads differently
// in the two (the browser's time zone is not the server's) is React error #418. 20:30 UTC
// is already the next day in Shanghai and still the same day in Los Angeles.
const EVENING_UTC = "2024-05-03T20:30:00.000Z";
const zones = ["UTC", "Asia/Shanghai", "America/Los_Angeles", "Pacific/Kiritimati"];

const originalZone = process.env.TZ;
afterEach(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

function inZone<T>(zone: string, run: () => T): T {
  process.env.TZ = zone;
  return run();
}

beforeAll(() => {
  // The route middleware reads signed cookies: it needs a secret, as at start-up.
  setMasterSecret("salute-dates-test-secret-0123456789");
});

async function i18nFor(lng: string) {
  const call = await callRoute(({ context }) => getInstance(context), new Request(`${BASE_URL}/salute-select?lng=${lng}`));
  return call.result as I18n;
}

describe("salute dates", () => {
  it("read the same in every time zone, in the reader's language", () => {
    for (const [lng, date, time] of [
      ["en", "May 3, 2024", /^May 3, 2024.*8:30\sPM UTC$/],
      ["zh", "2024年5月3日", /^2024年5月3日.*20:30 UTC$/],
    ] as const) {
      for (const [i, zone] of zones.entries()) {
        inZone(zone, () => {
          // A moment of its own per zone: formatDay keeps the days it wrote, by moment.
          expect(formatDay(EVENING_UTC.replace(".000Z", `.00${i}Z`), lng)).toBe(date);
          expect(formatMoment(EVENING_UTC, lng)).toMatch(time);
        });
      }
    }
  });

  it("give a day written before again, in its own language", () => {
    const joined = "2025-01-31T23:59:59.999Z";
    expect(formatDay(joined, "en")).toBe("Jan 31, 2025");
    expect(formatDay(joined, "zh")).toBe("2025年1月31日");
    expect(formatDay(joined, "en")).toBe("Jan 31, 2025");
  });

  it("the time zone really moves the local day (so the test above means something)", () => {
    const local = (zone: string) => inZone(zone, () => new Date(EVENING_UTC).toLocaleDateString("en", { dateStyle: "medium" }));
    expect(local("UTC")).toBe("May 3, 2024");
    expect(local("Asia/Shanghai")).toBe("May 4, 2024");
  });
});

describe("received salutes list", () => {
  const salutes: ReceivedSalute[] = [
    { id: 1, kind: "compliment", from: { id: 2, name: "Ada" }, message: "Thanks!", prompt: null, stars: null, gems: 2, createdAt: EVENING_UTC },
    { id: 3, kind: "secret", from: null, message: "", prompt: "kindness", stars: null, gems: 0, createdAt: "2024-12-31T23:59:00.000Z" },
  ];

  function html(i18n: I18n, data: ReturnType<typeof withDates>) {
    const Stub = createRoutesStub([{ path: "/salute-select", Component: () => <ReceivedSalutes salutes={data} /> }]);
    return renderToString(
      <TranslationsProvider translations={serverTranslations(i18n)}>
        <Stub initialEntries={["/salute-select"]} />
      </TranslationsProvider>,
    );
  }

  it.each(["en", "zh"])("hydrates in the browser's time zone to the markup the server sent (%s)", async (lng) => {
    const i18n = await i18nFor(lng);
    // The loader formats on the server (here in UTC); the data travels to the browser as it is.
    const data = inZone("UTC", () => withDates(salutes, lng));
    const server = inZone("UTC", () => html(i18n, data));
    for (const zone of zones.slice(1)) {
      expect(inZone(zone, () => html(i18n, data))).toBe(server);
    }
    // Even a server in another zone writes the same day.
    expect(inZone("Asia/Shanghai", () => withDates(salutes, lng))).toEqual(data);
    expect(server).toContain(lng === "en" ? "May 3, 2024" : "2024年5月3日");
    expect(server).toContain(lng === "en" ? "Dec 31, 2024" : "2024年12月31日");
    expect(server).toContain(`dateTime="${EVENING_UTC}"`);
  });
});
