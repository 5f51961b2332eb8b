// The built server (`server.js`, through `node`) with one page that cannot be drawn: the
// prize reveal, /playquest?opened=…, throws as React starts to render it. For
// tests/unit/unrendered-answer.test.ts, which shows that a write whose page fails to render
// is neither lost nor half-done nor done twice (issue 36, point 2).
// React's server renderer is patched before the build imports it (the build takes
// react-dom/server from node_modules as it is); every other page renders as usual.
// Test support only: nothing here is in Glow.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const reactDomServer = require("react-dom/server");
const render = reactDomServer.renderToPipeableStream;

/** The `url` prop of the ServerRouter inside the providers entry.server.tsx wraps it in. */
function urlOf(element) {
  for (let node = element, depth = 0; node && depth < 8; node = node.props?.children, depth++) {
    if (typeof node.props?.url === "string") return node.props.url;
  }
  return "";
}

reactDomServer.renderToPipeableStream = function renderUnlessReveal(element, options) {
  const url = new URL(urlOf(element), "http://glow.invalid");
  if (url.pathname === "/playquest" && url.searchParams.has("opened")) {
    throw new Error("the prize reveal cannot be drawn (tests/support/unrenderable-reveal-server.mjs)");
  }
  return render(element, options);
};

await import("../../server.js");
