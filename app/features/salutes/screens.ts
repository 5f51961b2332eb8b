/**
 * The three salute screens: where each lives, the key of its words (`salutes:<key>.*`) and
 * where a sent salute goes next.
 */
export const saluteScreens = {
  compliment: { key: "compliment", path: "/compliment", after: ({ postId }: Sent) => `/newsfeed/compliment/${postId}` },
  // The receipt celebrates once; the island drops ?celebrate from the shareable address.
  star: { key: "star", path: "/starsalute", after: ({ receiptCode }: Sent) => `/starsalute/view/${receiptCode}?celebrate=1` },
  secret: { key: "secret", path: "/secret-salute", after: () => "/secret-salute" },
} as const;

interface Sent {
  saluteId: number;
  postId: number;
  /** The star receipt's random address (decision 0508). */
  receiptCode: string;
}
