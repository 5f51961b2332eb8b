import { createRef } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { attrs, namedBy } from "../../tests/support/markup";
import { SelectField, TextField } from "./fields";

describe("TextField", () => {
  it("labels its input, which keeps what was typed, and ties the error and hint to it", () => {
    const html = renderToStaticMarkup(<TextField idPrefix="entry-3" name="text" label="Your entry" hint="Up to 500 characters" value="Our poem" error="Write your entry." required />);
    const input = attrs(html, "input");
    expect(input).toMatchObject({ id: "entry-3-text", name: "text", value: "Our poem", "aria-invalid": "true", "aria-describedby": "entry-3-text-error entry-3-text-hint", required: "" });
    expect(attrs(html, "label").for).toBe("entry-3-text");
    expect(html).toContain('<p id="entry-3-text-error" class="mt-1 text-sm font-medium text-red-700 dark:text-red-300">Write your entry.</p>');
    expect(html).toContain(">Up to 500 characters</p>");
  });

  it("without an error is not invalid and is described by its hint only; the id defaults to field-<name>", () => {
    const input = attrs(renderToStaticMarkup(<TextField name="motto" label="Motto" hint="Optional" />), "input");
    expect(input.id).toBe("field-motto");
    expect(input["aria-invalid"]).toBeUndefined();
    expect(input["aria-describedby"]).toBe("field-motto-hint");
    expect(input.autocomplete).toBe("off");
  });

  it("reads out its error, then its hint, as the control's description", () => {
    const html = renderToStaticMarkup(<TextField idPrefix="staff" name="username" label="Username" hint="As the admin gave it" error="Wrong username or password." />);
    expect(namedBy(html, attrs(html, "input")["aria-describedby"])).toEqual(["Wrong username or password.", "As the admin gave it"]);
  });

  it("a password field takes a ref (the staff login empties it after a refusal) and is drawn with nothing typed", () => {
    const ref = createRef<HTMLInputElement>();
    const input = attrs(renderToStaticMarkup(<TextField ref={ref} idPrefix="staff" name="password" type="password" label="Password" autoComplete="current-password" />), "input");
    expect(input).toMatchObject({ type: "password", id: "staff-password", autocomplete: "current-password" });
    expect(input.value).toBeUndefined();
  });

  it("adds a screen's own classes to the control's look", () => {
    expect(attrs(renderToStaticMarkup(<TextField idPrefix="join" name="code" label="Code" controlClassName="font-mono uppercase" />), "input").class).toBe("field px-3 py-2 font-mono uppercase");
  });

  it("puts a button beside its control, and can have its error read out as it appears", () => {
    const html = renderToStaticMarkup(
      <TextField id="treasure-code" name="code" label="Type the code" hint="On the card" error="That code is not right." announceError action={<button type="submit">Claim</button>} />,
    );
    expect(html).toMatch(/<div class="mt-1 flex flex-wrap gap-2"><input [^>]*><button type="submit">Claim<\/button><\/div>/);
    expect(namedBy(html, attrs(html, "input")["aria-describedby"])).toEqual(["That code is not right.", "On the card"]);
    expect(attrs(html, "p", 1)).toMatchObject({ id: "treasure-code-error", role: "alert" });
  });

  it("is a textarea when multiline, with the same ties and the value kept", () => {
    const html = renderToStaticMarkup(<TextField idPrefix="ask" name="question" label="Question" value="When?" error="Too long." multiline maxLength={10} />);
    expect(html).not.toContain("<input");
    expect(attrs(html, "textarea")).toMatchObject({ id: "ask-question", name: "question", maxlength: "10", "aria-invalid": "true", "aria-describedby": "ask-question-error" });
    expect(html).toContain(">When?</textarea>");
    expect(attrs(html, "textarea").rows).toBe("3");
    expect(attrs(renderToStaticMarkup(<TextField idPrefix="ask" name="reply" label="Reply" multiline rows={2} />), "textarea").rows).toBe("2");
  });
});

describe("SelectField", () => {
  it("labels its select, keeps the chosen option and ties the error to it", () => {
    const html = renderToStaticMarkup(
      <SelectField
        id="ask-role-contest"
        name="contestId"
        label="Contest"
        value="7"
        error="Choose a contest."
        options={[
          { value: 3, label: "Spring" },
          { value: 7, label: "夏季", lang: "zh-Hans" },
          { value: 9, label: "Taken", disabled: true },
        ]}
      />,
    );
    expect(attrs(html, "select")).toMatchObject({ id: "ask-role-contest", name: "contestId", "aria-invalid": "true", "aria-describedby": "ask-role-contest-error" });
    expect(attrs(html, "label").for).toBe("ask-role-contest");
    expect(html).toContain('<option value="7" lang="zh-Hans" selected="">夏季</option>');
    expect(html).toContain('<option value="9" disabled="">Taken</option>');
  });

  it("names groups of choices, each choice under its group's name, and keeps the chosen one", () => {
    const html = renderToStaticMarkup(
      <SelectField
        idPrefix="reassign"
        name="choice"
        label="New ringleader"
        value="4:12"
        options={[
          { group: "Lumen", options: [{ value: "4:11", label: "Ada" }, { value: "4:12", label: "Hedy" }] },
          { group: "Ember", options: [{ value: "6:20", label: "Alan" }] },
        ]}
      />,
    );
    expect(attrs(html, "select").id).toBe("reassign-choice");
    expect(html).toContain('<optgroup label="Lumen"><option value="4:11">Ada</option><option value="4:12" selected="">Hedy</option></optgroup>');
    expect(html).toContain('<optgroup label="Ember"><option value="6:20">Alan</option></optgroup>');
  });
});
