/** What the root loader tells every page about the member's companion (see companion.server.ts). */
export interface CompanionCreature {
  id: number;
  slug: string;
  /** Already translated. */
  name: string;
  light: number;
}

export interface CompanionData {
  signedIn: boolean;
  /** The active beamkin, or null (CreatureID 0, or anonymous). */
  creature: CompanionCreature | null;
  corralled: boolean;
  /** Quest dialogue for this page, spoken by `speaker`. */
  dialogue: { title: string; lines: string[]; speaker: { slug: string; name: string } } | null;
  /** The server-rendered dock's texts, translated on the server. */
  labels: {
    region: string;
    chat: string;
    backpack: string;
    dialogueTitle: string;
  };
}
