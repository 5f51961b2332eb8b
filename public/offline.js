// @ts-check
/**
 * The offline page's script (app/ui/offline-page.tsx, decision 1181). The service worker
 * shows that page in place of an address it could not load, and marks on <body> whose page
 * it is (`data-member`: the opaque key the member's kept posts are filed under, empty when
 * no one is signed in) and which pages it keeps readable (`data-pages`). This lists the
 * posts kept on the phone for that member (app/ui/kept-posts.ts keeps them in local
 * storage), lets the member discard one, and opens the address asked for as soon as the
 * phone is back online, where Glow's own page sends what waits.
 *
 * A plain script of this site (no module, no inline code): the CSP allows it as it is.
 */
(function () {
  var STORAGE_KEY = "glow:outbox";
  var body = document.body;
  var lang = document.documentElement.lang || "en";
  var member = body.dataset.member || "";
  var list = /** @type {HTMLElement} */ (document.querySelector("[data-kept]"));
  var none = /** @type {HTMLElement} */ (document.querySelector("[data-none]"));
  var others = /** @type {HTMLElement} */ (document.querySelector("[data-others]"));
  var signedOut = /** @type {HTMLElement} */ (document.querySelector("[data-signed-out]"));
  var retry = /** @type {HTMLAnchorElement} */ (document.querySelector("[data-retry]"));

  /** @param {string} text @param {Record<string, string | number>} values */
  function fill(text, values) {
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, function (whole, name) {
      return name in values ? String(values[name]) : whole;
    });
  }

  /** @returns {Array<{ key: string; label: string; keptAt: number; owner?: string }>} */
  function readKept() {
    try {
      var parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) || "[]");
      return Array.isArray(parsed)
        ? parsed.filter(function (p) {
            return p && typeof p.key === "string" && typeof p.label === "string";
          })
        : [];
    } catch {
      return [];
    }
  }

  /** @param {string} key */
  function discard(key) {
    try {
      var kept = JSON.parse(localStorage.getItem(STORAGE_KEY) || "[]");
      localStorage.setItem(
        STORAGE_KEY,
        JSON.stringify(
          kept.filter(function (/** @type {{ key: string }} */ p) {
            return p.key !== key;
          }),
        ),
      );
    } catch {
      /* storage blocked: nothing to discard */
    }
    render();
  }

  /** @param {number} at */
  function timeOf(at) {
    try {
      return new Date(at).toLocaleTimeString(lang, { hour: "numeric", minute: "2-digit" });
    } catch {
      return new Date(at).toLocaleTimeString();
    }
  }

  function render() {
    var kept = readKept();
    // Only the member whose page this is sees their posts; anyone else's are counted.
    var mine = member
      ? kept
          .filter(function (p) {
            return p.owner === member;
          })
          .sort(function (a, b) {
            return a.keptAt - b.keptAt;
          })
      : [];
    var elsewhere = kept.length - mine.length;
    list.replaceChildren();
    mine.forEach(function (post) {
      var item = document.createElement("li");
      var label = document.createElement("span");
      label.className = "label";
      label.textContent = post.label;
      var state = document.createElement("span");
      state.className = "note";
      state.textContent = (list.dataset.waiting || "") + " · " + fill(list.dataset.keptAt || "", { time: timeOf(post.keptAt) });
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = list.dataset.discard || "";
      button.setAttribute("aria-label", fill(list.dataset.discardLabel || "", { label: post.label }));
      button.addEventListener("click", function () {
        discard(post.key);
      });
      item.append(label, state, button);
      list.append(item);
    });
    none.hidden = mine.length > 0;
    var plural = new Intl.PluralRules(lang).select(elsewhere) === "one" ? others.dataset.one : others.dataset.other;
    others.textContent = fill(plural || "", { count: elsewhere });
    others.hidden = elsewhere === 0;
    signedOut.hidden = member !== "" || elsewhere === 0;
  }

  function showKeptPages() {
    var pages = (body.dataset.pages || "").split(" ").filter(Boolean);
    var any = false;
    document.querySelectorAll("[data-page]").forEach(function (node) {
      var item = /** @type {HTMLElement} */ (node);
      var prefix = item.dataset.page || "";
      // "/treasure/" stands for the last treasure opened, whichever it was.
      var found = pages.find(function (path) {
        return prefix.endsWith("/") ? path.startsWith(prefix) : path === prefix;
      });
      item.hidden = !found;
      if (found) {
        any = true;
        var link = item.querySelector("a");
        if (link) link.href = found;
      }
    });
    var section = /** @type {HTMLElement} */ (document.querySelector("[data-readable]"));
    section.hidden = !any;
  }

  // "Try again" asks for the address that could not be loaded (this page stands in for it).
  retry.href = location.pathname === "/offline" ? "/" : location.href;
  render();
  showKeptPages();
  // Another tab sent or kept something.
  window.addEventListener("storage", render);
  window.addEventListener("online", function () {
    // Back online: the page asked for, whose root sends what waits. "online" only says a
    // network is there (a captive portal is one, and Chromium can fire it while a reloaded
    // page's network is still being set up): Glow itself must answer first, or the reload
    // would trade this page for the browser's error page (or race a link the member chose).
    if (location.pathname === "/offline") return;
    fetch("/healthz", { cache: "no-store" }).then(
      function (answer) {
        if (answer.ok) location.reload();
      },
      function () {},
    );
  });
})();
