/**
 * The three salute screens: where each lives, the key of its words (`salutes:<key>.*`) and
 * where a sent salute goes next.
 */
import { href } from "react-router";

export const saluteScreens = {
  compliment: { key: "compliment", path: href("/compliment"), after: ({ postId }: Sent) => href("/newsfeed/:postType/:id", { postType: "compliment", id: String(postId) }) },
  // The receipt celebrates once; the island drops ?celebrate from the shareable address.
  star: { key: "star", path: href("/starsalute"), after: ({ receiptCode }: Sent) => `${href("/starsalute/view/:starID", { starID: receiptCode })}?celebrate=1` },
  secret: { key: "secret", path: href("/secret-salute"), after: () => href("/secret-salute") },
} as const;

interface Sent {
  saluteId: number;
  postId: number;
  /** The star receipt's random address (decision 0508). */
  receiptCode: string;
}
