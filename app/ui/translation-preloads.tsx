import { useMatches } from "react-router";
import { defaultNamespace, localesLoadPath } from "~/platform/i18n";

/**
 * The namespaces a page's browser loads before it hydrates: "common" and each matched
 * route's `handle.i18n`, as remix-i18next's getInitialNamespaces reads them in
 * entry.client.tsx.
 */
export function pageNamespaces(handles: readonly unknown[]): string[] {
  const namespaces = handles.flatMap((handle) => {
    const i18n = (handle as { i18n?: unknown } | null | undefined)?.i18n;
    if (typeof i18n === "string") return [i18n];
    return Array.isArray(i18n) ? i18n.filter((ns): ns is string => typeof ns === "string") : [];
  });
  return [...new Set([defaultNamespace, ...namespaces])];
}

/** The address the browser fetches a namespace from (the spec's GET /locales/{lng}/{ns}.json). */
export const namespaceHref = (lng: string, ns: string) => localesLoadPath.replace("{{lng}}", lng).replace("{{ns}}", ns);

/**
 * Asks for the page's translations with the page (decision 1261). The browser needs them
 * before it hydrates; fetched by the client entry once its scripts have run, they were one
 * more round trip after the scripts (562 ms on Slow 4G). Preloaded from <head>, they arrive
 * beside the scripts, and the entry's fetch takes the preloaded answer. `crossOrigin`
 * "anonymous" is what makes the preload match that fetch (a same-origin `fetch` is a CORS
 * request with same-origin credentials).
 */
export function TranslationPreloads({ lng }: { lng: string }) {
  const matches = useMatches();
  return (
    <>
      {pageNamespaces(matches.map((match) => match.handle)).map((ns) => (
        <link key={ns} rel="preload" as="fetch" crossOrigin="anonymous" fetchPriority="low" href={namespaceHref(lng, ns)} />
      ))}
    </>
  );
}
