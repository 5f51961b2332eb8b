import type { i18n as I18n } from "i18next";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { renderHtml } from "../../../tests/support/render";
import { BASE_URL, callRoute } from "../../../tests/support/route";
import type { SignInAnswer } from "./sign-in-answer";
import { refusesIncompleteEnter, SignInScreen, type SignInScreenProps } from "./signin-screen";
import { getInstance, serverTranslations } from "~/platform/i18n.server";
import { setMasterSecret } from "~/platform/secrets.server";
import { TranslationsProvider } from "~/platform/translations";

// The page the server renders (JavaScript or not, this is the first thing a member sees).

let en: I18n;
beforeAll(async () => {
  setMasterSecret("signin-screen-test-secret-0123456789");
  const call = await callRoute(({ context }) => getInstance(context), new Request(`${BASE_URL}/signin`));
  en = call.result as I18n;
});

const NOW = Date.parse("2026-03-01T12:00:00Z");

function render(props: Partial<SignInScreenProps>) {
  const all: SignInScreenProps = { arrival: null, attempt: null, now: NOW, answer: undefined, ...props } as SignInScreenProps;
  const Stub = createRoutesStub([{ path: "/signin", Component: () => <SignInScreen {...all} /> }]);
  return renderHtml(
    <TranslationsProvider translations={serverTranslations(en)}>
      <Stub initialEntries={["/signin"]} />
    </TranslationsProvider>,
  );
}

/** A code step whose code went out at `sentAt`: the next may be asked for a minute later. */
const sent = (sentAt: number) => ({ phone: "555-010-0001", sentAt, resendAt: sentAt + 60_000 });

/** The opening tag of the element with this id. */
const tagOf = (html: string, id: string) => html.match(new RegExp(`<[^>]*\\bid="${id}"[^>]*>`))?.[0] ?? "";

describe("the sign-in screen", () => {
  it("after a wrong code the countdown restarts at the server's wait: 'Retry in N seconds.', no 'Send another code' yet", async () => {
    const wrong = { intent: "verify", values: { code: "123456" }, error: "That code is not right. You have 4 tries left.", field: "code" } as const;
    const answer: SignInAnswer = { ...wrong, resend: { at: NOW + 40_000, now: NOW } };
    const html = await render({ attempt: sent(NOW - 20_000), answer });
    expect(html).toContain("Retry in 40 seconds.");
    expect(html).not.toContain("Send another code");
    // Once the wait is over, the button is there.
    const later = await render({ attempt: sent(NOW - 70_000), answer: { ...wrong, resend: { at: NOW, now: NOW } } });
    expect(later).toContain("Send another code");
  });

  it("after wrong codes a long wait is said in words", async () => {
    const answer: SignInAnswer = {
      intent: "verify",
      values: {},
      error: "Too many wrong codes. You can ask for a new code in 8 minutes.",
      resend: { at: NOW + 480_000, now: NOW },
    };
    const html = await render({ attempt: sent(NOW - 30_000), answer });
    expect(html).toContain("You can ask for a new code in 8 minutes.");
    expect(html).not.toContain("Send another code");
    // Opened again later, the code step shows the same wait from the loader.
    const reopened = await render({ attempt: { ...sent(NOW - 200_000), resendAt: NOW + 3_600_000 } });
    expect(reopened).toContain("You can ask for a new code in 1 hour.");
  });

  it("ties the error to the field that is wrong, not to the form", async () => {
    const phone = await render({ answer: { intent: "send", values: { phone: "555-0100" }, error: "Enter a valid mobile number.", field: "phone" } });
    expect(tagOf(phone, "phone")).toContain('aria-describedby="phone-hint signin-error"');
    expect(tagOf(phone, "phone")).toContain('aria-invalid="true"');
    expect(phone).not.toMatch(/<form[^>]*aria-describedby/);
    expect(tagOf(phone, "signin-error")).toContain('role="alert"');

    const code = await render({
      attempt: sent(NOW),
      answer: { intent: "verify", values: { code: "1" }, error: "Enter the 6-digit code from the text.", field: "code" },
    });
    expect(tagOf(code, "code")).toContain('aria-describedby="code-hint signin-error"');
    expect(tagOf(code, "code")).toContain('aria-invalid="true"');

    // Cookies not accepted: the field leads to the error, but nothing typed is wrong.
    const cookies = await render({ answer: { intent: "send", values: { phone: "5550100001" }, error: "Cookies not accepted.", cookies: true } });
    expect(tagOf(cookies, "phone")).toContain('aria-describedby="phone-hint signin-error"');
    expect(tagOf(cookies, "phone")).not.toContain("aria-invalid");
    expect(tagOf(cookies, "phone")).toContain('value="555-010-0001"');

    const calm = await render({});
    expect(tagOf(calm, "phone")).toContain('aria-describedby="phone-hint"');
  });

  it("labels each step's field and says under it what to type, in the hint its field names", async () => {
    const phone = await render({});
    expect(tagOf(phone, "phone-hint")).not.toBe("");
    expect(phone).toMatch(/<label[^>]*for="phone"[^>]*>Phone number<\/label>/);
    expect(phone.indexOf('id="phone"')).toBeLessThan(phone.indexOf('id="phone-hint"'));
    const code = await render({ attempt: sent(NOW) });
    expect(tagOf(code, "code-hint")).not.toBe("");
    expect(code).toMatch(/<label[^>]*for="code"[^>]*>[^<]+<\/label>/);
  });

  it("says the session ended when a form arrived after it did, on the phone step only", async () => {
    const expired = "Your session has expired, please go back and log in";
    const html = await render({ arrival: "return", expired });
    expect(tagOf(html, "signin-expired")).not.toBe("");
    expect(html).toContain(expired);
    expect(html).toContain("Sign in to continue where you were going.");
    expect(await render({})).not.toContain("signin-expired");
    const codeStep = await render({ expired, attempt: sent(NOW) });
    expect(codeStep).not.toContain(expired);
  });

  it("the countdown does not speak every second: its text is not live, one status region speaks the two moments", async () => {
    for (const sentAt of [NOW - 2_000, NOW - 20_000, NOW - 70_000]) {
      const html = await render({ attempt: sent(sentAt) });
      const live = html.match(/<p[^>]*role="status"[^>]*>([^<]*)<\/p>/g) ?? [];
      // One region, empty until the page runs (then: 'Code sent…' or 'You can send another code now.').
      expect(live, String(sentAt)).toHaveLength(1);
      expect(live[0]).toMatch(/class="sr-only"[^>]*><\/p>$/);
      expect(html).not.toMatch(/role="status"[^>]*>(Retry in|Code sent)/);
    }
    const ticking = await render({ attempt: sent(NOW - 20_000) });
    expect(ticking).toMatch(/<p aria-live="off"[^>]*>Retry in 45 seconds\.<\/p>/);
    const justSent = await render({ attempt: sent(NOW - 2_000) });
    expect(justSent).toMatch(/<p aria-live="off"[^>]*>Code sent to 555-010-0001!<\/p>/);
  });

  it("counts down in words that agree with the number: 'Retry in 1 second.', not '1 seconds'", async () => {
    expect(await render({ attempt: sent(NOW - 64_000) })).toMatch(/>Retry in 1 second\.<\/p>/);
    expect(await render({ attempt: sent(NOW - 63_000) })).toMatch(/>Retry in 2 seconds\.<\/p>/);
  });

  it("Enter on an incomplete number is refused with a message (there is no Send Code button to press yet)", () => {
    const enter = (key = "Enter", isComposing = false) => ({ key, nativeEvent: { isComposing } });
    expect(refusesIncompleteEnter(enter(), "")).toBe(true);
    expect(refusesIncompleteEnter(enter(), "555-010")).toBe(true);
    expect(refusesIncompleteEnter(enter(), "555-010-0001")).toBe(false);
    expect(refusesIncompleteEnter(enter("5"), "555")).toBe(false);
    // An input method composing a character takes its own Enter.
    expect(refusesIncompleteEnter(enter("Enter", true), "555")).toBe(false);
  });

  it("shows something that is not text (a posted file) as an empty field instead of failing", async () => {
    const file = new Blob(["x"]) as unknown as string;
    const html = await render({ answer: { intent: "send", values: { phone: file }, error: "Cookies not accepted.", cookies: true } });
    expect(tagOf(html, "phone")).toContain('value=""');
  });
});
