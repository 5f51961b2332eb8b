// Writes public/beamkins/{slug}.svg from the BeamkinArt component (run: npx tsx scripts/draw-beamkins.tsx).
import fs from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { beamkinCatalogue } from "../app/features/beamkins/catalogue";
import { staticBeamkinSvg } from "../app/features/beamkins/static-art";

for (const { slug } of beamkinCatalogue) {
  fs.writeFileSync(`public/beamkins/${slug}.svg`, staticBeamkinSvg(slug, renderToStaticMarkup));
}
console.log(`drew ${beamkinCatalogue.length} beamkins`);
