import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { problemsOf } from "~/platform/forms.server";
import { ComplimentForm, SecretSaluteForm, StarSaluteForm } from "./schemas";

/** Each field's message key, as the form reader gives it (platform/forms.server.ts). */
const fieldErrors = (error: z.ZodError) => Object.fromEntries(Object.entries(problemsOf(error)).map(([field, p]) => [field, p.key]));

const compliment = (gems: unknown) => ComplimentForm.safeParse({ recipientId: "7", message: "Thank you", gems });

describe("salute forms read numbers as plain digits only", () => {
  it("takes whole numbers of gems from 0 to 10, and none when the field is empty or left out", () => {
    expect(compliment("3").data?.gems).toBe(3);
    expect(compliment(" 10 ").data?.gems).toBe(10);
    expect(compliment("0").data?.gems).toBe(0);
    expect(compliment("").data?.gems).toBe(0);
    expect(compliment(undefined).data?.gems).toBe(0);
  });

  it.each(["1e1", "0x3", "0b11", "0o7", "3.0", "2.5", "+3", "-1", "11", "Infinity", "NaN", "３", "1 2", "abc"])(
    "refuses %j gems with the translated gems message",
    (gems) => {
      const parsed = compliment(gems);
      expect(parsed.success).toBe(false);
      expect(fieldErrors(parsed.error!)).toEqual({ gems: "salutes:errors.gems" });
    },
  );

  it("refuses star counts and recipients written any other way", () => {
    const star = (stars: string, recipientId = "7") =>
      StarSaluteForm.safeParse({ recipientId, message: "Well done", stars, gems: "" });
    expect(star("2").data?.stars).toBe(2);
    expect(fieldErrors(star("1e0").error!)).toEqual({ stars: "salutes:errors.stars" });
    expect(fieldErrors(star("0x2").error!)).toEqual({ stars: "salutes:errors.stars" });
    expect(fieldErrors(star("2", "0x7").error!)).toEqual({ recipientId: "salutes:errors.recipient" });
    expect(fieldErrors(star("2", "7e0").error!)).toEqual({ recipientId: "salutes:errors.recipient" });
    const secret = SecretSaluteForm.safeParse({ recipientId: "1e1", prompt: "nope" });
    expect(fieldErrors(secret.error!)).toMatchObject({ recipientId: "salutes:errors.recipient" });
  });

  it("still refuses a message of only spaces", () => {
    const parsed = ComplimentForm.safeParse({ recipientId: "7", message: "   ", gems: "1" });
    expect(fieldErrors(parsed.error!)).toEqual({ message: "salutes:errors.messageRequired" });
  });
});
