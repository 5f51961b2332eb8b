const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/**
 * Text made safe to place in HTML, inside an element or a quoted attribute, for the few
 * places Glow writes HTML itself rather than through React (the same-site bounce page, the
 * character creator's option lists).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
