import { describe, expect, it } from "vitest";
import { isChunkLoadFailure } from "./later-part";

describe("a later part's failed load (decision 1033)", () => {
  it("is recognised in each browser's words and in Vite's", () => {
    for (const message of [
      "Failed to fetch dynamically imported module: https://glow.example/static/character-creator-Dw59cLla.js",
      "error loading dynamically imported module: https://glow.example/static/occasional-dLSjoQoN.js",
      "Importing a module script failed.",
      "Unable to preload CSS for /static/occasional-dLSjoQoN.css",
    ]) {
      expect(isChunkLoadFailure(new TypeError(message)), message).toBe(true);
    }
  });

  it("is not any other error, which still reaches the route's error screen", () => {
    expect(isChunkLoadFailure(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadFailure(new TypeError("Failed to fetch"))).toBe(false);
    expect(isChunkLoadFailure("Failed to fetch dynamically imported module")).toBe(false);
    expect(isChunkLoadFailure(null)).toBe(false);
  });
});
