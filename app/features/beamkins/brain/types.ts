import type { Language } from "~/platform/i18n";
import type { Personality } from "../catalogue";

/** What a brain knows when it answers: never more than this member's own chat. */
export interface BrainRequest {
  language: Language;
  /** Null for the creature-less chat. `name` is already translated. */
  creature: { name: string; personality: Personality; light: number } | null;
  /**
   * Without a creature: whether the member owns beamkins (then they chose no companion, and
   * are pointed to choosing one rather than to getting one).
   */
  ownsBeamkins?: boolean;
  message: string;
  /** This member's recent messages with this beamkin, oldest first. */
  history: { role: "user" | "assistant"; content: string }[];
  /** 0–23, the member's local hour when known (the server's otherwise). */
  hour: number;
  memberName: string | null;
}

export type BrainSource = "scripted" | "model";

export interface BrainReply {
  text: string;
  source: BrainSource;
}

export type TimeOfDay = "morning" | "afternoon" | "evening" | "night";

export function timeOfDay(hour: number): TimeOfDay {
  if (hour >= 5 && hour < 12) return "morning";
  if (hour >= 12 && hour < 17) return "afternoon";
  if (hour >= 17 && hour < 22) return "evening";
  return "night";
}
