import { describe, expect, it } from "vitest";
import { formatAgo, formatDay, formatMoment } from "./dates";

const now = Date.parse("2026-05-03T20:00:00Z");
const before = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe("when something happened, as a reader reads it", () => {
  it("says how long ago in the largest whole unit, in English and Chinese", () => {
    expect(formatAgo(before(0), now, "en")).toBe("now");
    expect(formatAgo(before(42), now, "en")).toBe("42 seconds ago");
    expect(formatAgo(before(3 * 3600), now, "en")).toBe("3 hours ago");
    expect(formatAgo(before(24 * 3600), now, "en")).toBe("yesterday");
    expect(formatAgo(before(3 * 3600), now, "zh")).toBe("3小时前");
    expect(formatAgo(before(24 * 3600), now, "zh")).toBe("昨天");
  });

  it("tells days and moments in one zone, UTC, so the server's text is the browser's", () => {
    expect(formatDay("2026-05-03T23:30:00Z", "en")).toBe("May 3, 2026");
    expect(formatMoment("2026-05-03T20:00:00Z", "zh")).toBe("2026年5月3日 20:00 UTC");
  });
});
