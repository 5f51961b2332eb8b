import { lazy, Suspense } from "react";
import type { BeamkinArtProps } from "./beamkin-art";

// Pure: a page that imports beamkins' face without this part does not carry it (lazy() has
// no effect until rendered).
const Art = /* @__PURE__ */ lazy(() => import("./beamkin-art").then((m) => ({ default: m.BeamkinArt })));

/**
 * A beamkin's art for pages where it is decoration beside the content (the companion on the
 * quest map): its drawings stay out of the page's first load. The server renders the art
 * whole (entry.server.tsx waits for every lazy part, decision 1124) and the browser keeps
 * that SVG until the chunk arrives; on a client navigation an empty box of the same size
 * holds the place meanwhile, so nothing shifts.
 */
export function BeamkinArtLater(props: BeamkinArtProps) {
  const size = props.size ?? 120;
  return (
    <Suspense
      fallback={
        <span
          className={`inline-block shrink-0 ${props.className ?? ""}`}
          style={{ width: size, height: size }}
          {...(props.title ? { role: "img", "aria-label": props.title } : { "aria-hidden": true })}
        />
      }
    >
      <Art {...props} />
    </Suspense>
  );
}
