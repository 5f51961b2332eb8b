import { useNonce } from "./nonce";

/** How long the spec's startup splash shows, ms (its fade included). */
export const STARTUP_SPLASH_MS = 500;
/** Marks, in the tab's session storage, that this browser session has had its splash. */
export const SPLASH_SEEN_KEY = "glow-splash-seen";
/** The attribute on `<html>` that shows the overlay (app.css) while the splash runs. */
const SPLASH_ATTRIBUTE = "data-splash";

/*
 * Decided in <head>, before the body is parsed (decision 1032): a script inside the body
 * made Chromium's parser yield after it, so the first frame held only the overlay's
 * wordmark and the page under it painted a frame later. Deciding in <head> keeps the body
 * one parse and one first paint. The mark is on <html> (hydration keeps an attribute it did
 * not render) and is taken off when the fade ends, so an overlay mounted again later never
 * replays. No script, a reader who prefers reduced motion, or storage that cannot be used:
 * no splash.
 */
const DECIDE = `try{var s=sessionStorage,h=document.documentElement;if(!s.getItem("${SPLASH_SEEN_KEY}")){s.setItem("${SPLASH_SEEN_KEY}","1");if(!matchMedia("(prefers-reduced-motion: reduce)").matches){h.setAttribute("${SPLASH_ATTRIBUTE}","");addEventListener("animationend",function e(v){if(v.animationName==="startup-splash-out"){h.removeAttribute("${SPLASH_ATTRIBUTE}");removeEventListener("animationend",e)}})}}}catch(e){}`;

/** The splash's decision, for the root layout's <head>. */
export function StartupSplashDecision() {
  const nonce = useNonce();
  // An inline script's text must go in as it is (React would escape it as text). DECIDE is
  // this module's constant, made of constants only: nothing a request or a member wrote.
  // The nonce is the server's to give: the browser hides it once the page is read, and the
  // page's code never knows it, so the two differ by design (a warning on every page with the
  // development build, issue 40).
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: DECIDE }} />;
}

/**
 * The spec's 500 ms startup splash (decision 1032): an overlay over the
 * already-rendered first page of a browser session (the tab's session), hidden from
 * assistive technology and letting pointers through. Rendered on every page and hidden
 * unless the decision above marks `<html>`.
 */
export function StartupSplash({ label }: { label: string }) {
  return (
    <div id="startup-splash" className="startup-splash" aria-hidden="true">
      <span className="font-righteous text-6xl text-glow-700 dark:text-glow-300">{label}</span>
    </div>
  );
}
