/**
 * Reading rendered HTML as a browser and a screen reader would, without a DOM: a tag's
 * attributes, the text of the element with an id, and what a control's `aria-describedby`
 * and a region's `aria-labelledby` read out.
 */

/** The attributes of the `n`th `<tag>` (names in lower case, as HTML reads them). */
export function attrs(html: string, tag: string, n = 0): Record<string, string> {
  const found = [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "g"))][n];
  if (!found) throw new Error(`no <${tag}> #${n} in ${html}`);
  return Object.fromEntries([...found[1]!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((m) => [m[1]!.toLowerCase(), m[2] ?? ""]));
}

/** The text inside the element with this id (its tags taken out), or null where there is none. */
export function textOf(html: string, id: string): string | null {
  const found = new RegExp(`<(\\w+)\\b[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return found ? found[2]!.replace(/<[^>]+>/g, "") : null;
}

/** What the elements named in an `aria-describedby` or `aria-labelledby` say, in order. */
export function namedBy(html: string, ids: string | undefined): (string | null)[] {
  return (ids ?? "").split(" ").filter(Boolean).map((id) => textOf(html, id));
}
