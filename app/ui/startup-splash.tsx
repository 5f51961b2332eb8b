import { useNonce } from "./nonce";

/** How long the spec's startup splash shows, ms (its fade included). */
export const STARTUP_SPLASH_MS = 500;
/** Marks, in the tab's session storage, that this browser session has had its splash. */
export const SPLASH_SEEN_KEY = "glow-splash-seen";

/*
 * Decided by a few lines of script right after the overlay, before the page is first
 * painted, so the splash never delays that paint nor appears late: the first page of the
 * session is painted with the overlay over it, which then fades (app.css). No script, or a
 * reader who prefers reduced motion: no splash. Storage that cannot be used: no splash.
 */
const DECIDE = `try{var s=sessionStorage;if(!s.getItem("${SPLASH_SEEN_KEY}")){s.setItem("${SPLASH_SEEN_KEY}","1");if(!matchMedia("(prefers-reduced-motion: reduce)").matches)document.getElementById("startup-splash").setAttribute("data-show","")}}catch(e){}`;

/**
 * The spec's 500 ms startup splash (decision 0517): an overlay over the already-rendered
 * first page of a browser session (the tab's session), hidden from assistive technology
 * and letting pointers through. Rendered on every page and hidden unless the script above
 * shows it.
 */
export function StartupSplash({ label }: { label: string }) {
  const nonce = useNonce();
  return (
    <>
      <div id="startup-splash" className="startup-splash" aria-hidden="true" suppressHydrationWarning>
        <span className="font-righteous text-6xl text-glow-700 dark:text-glow-300">{label}</span>
      </div>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: DECIDE }} />
    </>
  );
}
