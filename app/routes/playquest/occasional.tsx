/**
 * The quest map's parts a member sees now and then, not at every visit: the prize box's
 * odds (folded in the box), a prize as revealed after opening a box (with the beamkin's
 * artwork), and the star salute's recipient picker (only while a step asks for one). The
 * map (routes/playquest.tsx) loads them with React's `lazy`, so their code is a chunk of
 * its own, not part of the page's first scripts; the server renders them whole.
 */
import { PrizeOdds } from "~/features/quests/prize-ui";
import { PRIZE_TABLE } from "~/features/quests/prize-box";

export { PrizeReveal } from "~/features/quests/prize-ui";
export { RecipientPicker } from "~/features/salutes/recipient-picker";

/** The odds of the boxes quests give (the demo box has its own table). */
export function BoxOdds() {
  return <PrizeOdds table={PRIZE_TABLE} />;
}
