import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { avatarCatalogue } from "./catalogue";
import { creatorCatalogue } from "./options.server";

const file = path.resolve(import.meta.dirname, "catalogue.json");

describe("the character creator's catalogue in the browser bundle", () => {
  it("is exactly what the server derives from DiceBear's schemas", () => {
    const wanted = `${JSON.stringify(creatorCatalogue, null, 1)}\n`;
    // `npm run avatar-catalogue` rewrites the file after a DiceBear upgrade.
    if (process.env.UPDATE_AVATAR_CATALOGUE === "1") {
      fs.writeFileSync(file, wanted);
      return;
    }
    expect(fs.readFileSync(file, "utf8"), "catalogue.json is stale: run `npm run avatar-catalogue`").toBe(wanted);
    expect(avatarCatalogue).toEqual(creatorCatalogue);
  });
});
