/**
 * Cosmetics a prize box can hold: badges shown on the member's quest map. Names are
 * translation keys (quests:cosmetics.<slug>); the colours draw the badge.
 */
export const cosmetics = [
  { slug: "lantern-badge", colour: "#f59e0b", shape: "lantern" },
  { slug: "comet-trail", colour: "#38bdf8", shape: "comet" },
  { slug: "star-crown", colour: "#facc15", shape: "star" },
  { slug: "aurora-ribbon", colour: "#34d399", shape: "ribbon" },
  { slug: "moon-charm", colour: "#a78bfa", shape: "moon" },
] as const;

export type CosmeticSlug = (typeof cosmetics)[number]["slug"];

export function isCosmetic(value: unknown): value is CosmeticSlug {
  return cosmetics.some((c) => c.slug === value);
}
