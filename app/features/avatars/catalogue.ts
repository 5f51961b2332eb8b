import type { CreatorCatalogue } from "./look";
import catalogue from "./catalogue.json";

/**
 * The character creator's styles, options, colours and bounds, as a static module: the
 * browser downloads it once with the creator's code (cached for a year) instead of with
 * every /profile page's loader data, and the server no longer serialises it per view.
 * Written from DiceBear's schemas by `npm run avatar-catalogue`; catalogue.test.ts fails
 * when it no longer matches what options.server.ts derives.
 */
export const avatarCatalogue = catalogue as unknown as CreatorCatalogue;
