import { describe, expect, it } from "vitest";
import type { SignInAnswer } from "./sign-in-answer";
import { focusTargetAfter, type SignInView } from "./signin-focus";

// The /signin screen runs this in an effect after each change (JavaScript on) and focuses
// the element with the id it names; the server render never moves focus.

const phoneStep: SignInView = { step: "phone", sentAt: null, answer: undefined };
const codeStep = (sentAt = 1_000, answer?: SignInAnswer): SignInView => ({ step: "code", sentAt, answer });
const refused = (intent: SignInAnswer["intent"], field?: "phone" | "code"): SignInAnswer => ({
  intent,
  values: {},
  error: "No.",
  ...(field ? { field } : {}),
});

describe("focus on the sign-in screen", () => {
  it("after Send Code (click or Enter) moves to the code field", () => {
    expect(focusTargetAfter(phoneStep, codeStep())).toBe("code");
  });

  it("after a new code is sent from the code step, stays on the code field", () => {
    expect(focusTargetAfter(codeStep(1_000), codeStep(70_000))).toBe("code");
  });

  it("after 'Use a different number' moves to the phone field", () => {
    expect(focusTargetAfter(codeStep(), phoneStep)).toBe("phone");
  });

  it("after a refused send moves to the phone field, which the error describes", () => {
    const answer = refused("send", "phone");
    expect(focusTargetAfter(phoneStep, { ...phoneStep, answer })).toBe("phone");
    // Cookies not accepted, too many codes: no field is wrong, the field still leads to the error.
    expect(focusTargetAfter({ ...phoneStep, answer }, { ...phoneStep, answer: refused("send") })).toBe("phone");
  });

  it("after a send refused for cookies moves to 'Accept cookies and send the code', the control that answers it", () => {
    const answer: SignInAnswer = { ...refused("send"), cookies: true };
    expect(focusTargetAfter(phoneStep, { ...phoneStep, answer })).toBe("accept-and-send");
  });

  it("after a refused code moves to the code field; after a refused resend to the error", () => {
    expect(focusTargetAfter(codeStep(), codeStep(1_000, refused("verify", "code")))).toBe("code");
    expect(focusTargetAfter(codeStep(), codeStep(1_000, refused("resend")))).toBe("signin-error");
  });

  it("leaves focus alone when nothing changed (first render, hydration, re-render)", () => {
    const answer = refused("verify", "code");
    expect(focusTargetAfter(phoneStep, phoneStep)).toBeNull();
    expect(focusTargetAfter(codeStep(1_000, answer), codeStep(1_000, answer))).toBeNull();
  });
});
