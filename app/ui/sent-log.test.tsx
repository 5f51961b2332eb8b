import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { attrs } from "../../tests/support/markup";
import { SentLog, withSentAtText } from "./sent-log";

const words = { heading: "Text outbox", intro: "Texts the console provider sent.", empty: "Nothing sent yet.", toLabel: "To" };

describe("SentLog", () => {
  it("lists what was sent under the page's heading, each with whom to, when, and what it said", () => {
    const html = renderToStaticMarkup(
      <SentLog {...words} testId="text" sent={[{ to: "+15550100002", sentAt: "2026-11-28T10:00:05.000Z", sentAtText: "Nov 28, 2026, 10:00:05 AM UTC", body: "two" }]}>
        {(text) => <pre>{text.body}</pre>}
      </SentLog>,
    );
    expect(html).toMatch(/<h1[^>]*>Text outbox<\/h1>/);
    expect(html).toContain("Texts the console provider sent.");
    expect(attrs(html, "ol")["aria-label"]).toBe("Text outbox");
    expect(attrs(html, "li")["data-testid"]).toBe("text");
    expect(html.replace(/<[^>]+>/g, "")).toContain("To +15550100002 · Nov 28, 2026, 10:00:05 AM UTC");
    expect(attrs(html, "time").datetime).toBe("2026-11-28T10:00:05.000Z");
    expect(html).toContain("<pre>two</pre>");
  });

  it("says so instead of an empty list when nothing was sent", () => {
    const html = renderToStaticMarkup(<SentLog {...words} sent={[]}>{() => null}</SentLog>);
    expect(html).toContain("Nothing sent yet.");
    expect(html).not.toContain("<ol");
  });

  it("writes each time to the second, in the reader's language and in UTC", () => {
    const sent = { to: "+15550100001", sentAt: "2026-11-28T10:00:05.000Z" };
    expect(withSentAtText("en")(sent)).toEqual({ ...sent, sentAtText: "Nov 28, 2026, 10:00:05 AM UTC" });
    expect(withSentAtText("zh")(sent).sentAtText).toMatch(/^2026年11月28日 10:00:05 UTC$/);
  });
});
