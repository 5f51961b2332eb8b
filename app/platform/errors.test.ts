import { describe, expect, it } from "vitest";
import en from "~/locales/en/errors.json";
import { errorCatalogue, errorForStatus, errorTypeForStatus, fallbackHrefFor } from "./errors";

describe("the error catalogue", () => {
  it("holds the spec's eight entries with their texts and actions, and Glow's two for 409 and 429", () => {
    expect(errorCatalogue.NOT_FOUND).toEqual({
      message: "The resource you are looking for does not exist.",
      buttonText: "Go back",
      buttonAction: "LOGIN",
    });
    expect(errorCatalogue.UNKNOWN_ERROR.buttonAction).toBe("GOBACK");
    expect(errorCatalogue.RESOURCES_UNAVAILABLE.buttonAction).toBe("RELOAD");
    expect(Object.keys(errorCatalogue).sort()).toEqual([
      "BAD_REQUEST",
      "CONFLICT",
      "EXPIRED_SESSION",
      "FORBIDDEN",
      "INTERNAL_SERVER_ERROR",
      "NOT_FOUND",
      "RESOURCES_UNAVAILABLE",
      "TOO_MANY_REQUESTS",
      "UNAUTHORIZED",
      "UNKNOWN_ERROR",
    ]);
  });

  it("maps HTTP statuses to entries", () => {
    expect(errorTypeForStatus(400)).toBe("BAD_REQUEST");
    expect(errorTypeForStatus(401)).toBe("UNAUTHORIZED");
    expect(errorTypeForStatus(403)).toBe("FORBIDDEN");
    expect(errorTypeForStatus(404)).toBe("NOT_FOUND");
    // A refusal's type says what kind it is (issue 40): not UNKNOWN_ERROR beside a message
    // that says "already" or "wait".
    expect(errorTypeForStatus(409)).toBe("CONFLICT");
    expect(errorTypeForStatus(429)).toBe("TOO_MANY_REQUESTS");
    expect(errorTypeForStatus(500)).toBe("INTERNAL_SERVER_ERROR");
    expect(errorTypeForStatus(503)).toBe("RESOURCES_UNAVAILABLE");
    expect(errorTypeForStatus(418)).toBe("UNKNOWN_ERROR");
    expect(errorForStatus(404).type).toBe("NOT_FOUND");
  });

  it("shows the catalogue's exact English texts", () => {
    for (const [type, entry] of Object.entries(errorCatalogue)) {
      const translated = en.types[type as keyof typeof en.types];
      expect(translated).toEqual({ message: entry.message, buttonText: entry.buttonText });
    }
  });

  it("sends RELOAD and unknown actions to /home and LOGIN to /", () => {
    expect(fallbackHrefFor("RELOAD")).toBe("/home");
    expect(fallbackHrefFor("SOMETHING")).toBe("/home");
    expect(fallbackHrefFor("LOGIN")).toBe("/");
  });
});
