/**
 * The beamkin catalogue. Names and personalities are translation keys in the
 * `beamkins` namespace; the artwork lives at /beamkins/{slug}.svg.
 */
export const personalities = [
  "cheerful",
  "shy",
  "curious",
  "brave",
  "sleepy",
  "witty",
  "gentle",
  "proud",
] as const;
export type Personality = (typeof personalities)[number];

export interface CatalogueBeamkin {
  slug: string;
  personality: Personality;
  /** Obtainable straight from /beamkins; others come from prize boxes or a catch link. */
  starter: boolean;
}

export const beamkinCatalogue: CatalogueBeamkin[] = [
  { slug: "sparkit", personality: "cheerful", starter: true },
  { slug: "mothlume", personality: "shy", starter: true },
  { slug: "glimmerfox", personality: "curious", starter: true },
  { slug: "emberpup", personality: "brave", starter: true },
  { slug: "dozelight", personality: "sleepy", starter: false },
  { slug: "quipwisp", personality: "witty", starter: false },
  { slug: "lullabloom", personality: "gentle", starter: false },
  { slug: "prismane", personality: "proud", starter: false },
];

export const beamkinImageUrl = (slug: string) => `/beamkins/${slug}.svg`;
