import type { ReactNode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { attrs } from "../../tests/support/markup";
import { primaryButton, secondaryButton } from "./buttons";
import { FieldError } from "./fields";
import { FIRST_INVALID } from "./focus-first-invalid";
import { FormError, PostButton, SubmitRow } from "./form";

describe("FormError", () => {
  it("is an alert a screen reader reads out when it appears, and a refusal can focus it", () => {
    const html = renderToStaticMarkup(<FormError message="Wrong username or password." />);
    expect(attrs(html, "p")).toMatchObject({ role: "alert", tabindex: "-1", "data-focus-on-error": "" });
    expect(html).toContain(">Wrong username or password.</p>");
    // What useFocusFirstInvalid looks for, so the focus lands on the message.
    expect(FIRST_INVALID).toContain("[data-focus-on-error]");
  });

  it("keeps the id a screen names it by", () => {
    expect(attrs(renderToStaticMarkup(<FormError id="signin-error" message="Try again." />), "p").id).toBe("signin-error");
  });

  it("is nothing at all while there is no message (no empty alert to announce)", () => {
    expect(renderToStaticMarkup(<FormError />)).toBe("");
    expect(renderToStaticMarkup(<FormError message="" />)).toBe("");
  });
});

describe("FieldError", () => {
  it("carries the id its control names, and is not an alert of its own (the control's description reads it)", () => {
    const p = attrs(renderToStaticMarkup(<FieldError id="name-error" message="Write a name." />), "p");
    expect(p.id).toBe("name-error");
    expect(p.role).toBeUndefined();
    expect(p.tabindex).toBeUndefined();
  });

  it("is read out as it appears on a form that moves no focus (alert)", () => {
    expect(attrs(renderToStaticMarkup(<FieldError id="treasure-code-error" message="That code is not right." alert />), "p")).toMatchObject({ id: "treasure-code-error", role: "alert" });
  });

  it("takes the focus itself when focusable, for an error with no control to focus (a group of radios)", () => {
    expect(attrs(renderToStaticMarkup(<FieldError id="sender-error" message="Choose one." focusable />), "p")).toMatchObject({ tabindex: "-1", "data-focus-on-error": "" });
  });
});

describe("SubmitRow", () => {
  it("holds a form's buttons in their order, the main action first", () => {
    const html = renderToStaticMarkup(
      <SubmitRow>
        <button type="submit" name="decision" value="hide" className={primaryButton}>
          Hide
        </button>
        <button type="submit" name="decision" value="restore" className={secondaryButton}>
          Restore
        </button>
      </SubmitRow>,
    );
    expect([...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1])).toEqual(["Hide", "Restore"]);
    expect(attrs(html, "button", 0)).toMatchObject({ type: "submit", value: "hide" });
  });
});


/** The HTML a browser gets for `node` on the page at `at` (a Form needs the router). */
function onPage(node: ReactNode, at = "/playquest") {
  const Stub = createRoutesStub([{ path: new URL(at, "http://glow.test").pathname, Component: () => <>{node}</> }]);
  return renderToString(<Stub initialEntries={[at]} />);
}

describe("PostButton", () => {
  it("is a plain form that posts its hidden fields, in order, when its one button is pressed", () => {
    const html = onPage(
      <PostButton fields={{ intent: "skip", runId: 7 }} className={secondaryButton} aria-label="Skip Night walk">
        Skip
      </PostButton>,
    );
    expect(attrs(html, "form")).toMatchObject({ method: "post", action: "/playquest" });
    expect([...html.matchAll(/<input\b[^>]*>/g)].map((m) => m[0])).toEqual(['<input type="hidden" name="intent" value="skip"/>', '<input type="hidden" name="runId" value="7"/>']);
    expect(attrs(html, "button")).toMatchObject({ type: "submit", class: secondaryButton, "aria-label": "Skip Night walk" });
    expect(html).toMatch(/<button[^>]*>Skip<\/button><\/form>$/);
  });

  it("posts to another page where it is given one", () => {
    expect(attrs(onPage(<PostButton fields={{ questId: 3 }} action="/choose-quest">Start</PostButton>), "form").action).toBe("/choose-quest");
  });
});
