import type { ReactElement } from "react";
import { BeamkinArt, STATIC_ART_LIGHT } from "./beamkin-art";

/** The text of public/beamkins/{slug}.svg; the renderer is passed in so no browser bundle needs react-dom/server. */
export function staticBeamkinSvg(slug: string, render: (element: ReactElement) => string): string {
  return `${render(<BeamkinArt slug={slug} light={STATIC_ART_LIGHT} idPrefix={slug} />)}\n`;
}
