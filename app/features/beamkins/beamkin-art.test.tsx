import fs from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BeamkinArt, drawnBeamkins, glowFor } from "./beamkin-art";
import { beamkinCatalogue } from "./catalogue";
import { staticBeamkinSvg } from "./static-art";

describe("beamkin artwork", () => {
  it("draws every beamkin of the catalogue (at least eight)", () => {
    expect(beamkinCatalogue.length).toBeGreaterThanOrEqual(8);
    for (const { slug } of beamkinCatalogue) expect(drawnBeamkins).toContain(slug);
  });

  it("glows more the more light it has: a bigger, brighter halo, vivid colours, sparkles", () => {
    const levels = [0, 25, 50, 75, 100].map(glowFor);
    for (let i = 1; i < levels.length; i++) {
      expect(levels[i]!.haloRadius).toBeGreaterThan(levels[i - 1]!.haloRadius);
      expect(levels[i]!.haloOpacity).toBeGreaterThan(levels[i - 1]!.haloOpacity);
      expect(levels[i]!.brightness).toBeGreaterThan(levels[i - 1]!.brightness);
    }
    expect(levels[0]!.sparkles).toBe(0);
    expect(levels[4]!.sparkles).toBeGreaterThan(levels[2]!.sparkles);
    expect(glowFor(400)).toEqual(glowFor(100));
    expect(glowFor(-10)).toEqual(glowFor(0));
  });

  it("renders the clamped light level on the drawing", () => {
    const html = renderToStaticMarkup(<BeamkinArt slug="mothlume" light={130} title="Mothlume" />);
    expect(html).toContain('data-light="100"');
    expect(html).toContain('role="img"');
    expect(html).toContain("<title>Mothlume</title>");
  });

  it.each(beamkinCatalogue.map((b) => b.slug))("public/beamkins/%s.svg is the component's drawing", (slug) => {
    const file = fs.readFileSync(`public/beamkins/${slug}.svg`, "utf8");
    expect(file, "run: npx tsx scripts/draw-beamkins.tsx").toBe(staticBeamkinSvg(slug, renderToStaticMarkup));
  });
});
