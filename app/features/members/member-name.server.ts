/**
 * How a member is named on screens, in the reader's language (decision 0512): the name they
 * chose, or until they choose one a friendly generated name ("Sunny Otter 17", "阳光水獭17号").
 * The generated name is the same on every page and visit, and tells nothing about the member:
 * it is drawn from a keyed hash of their number, so it cannot be traced back to it, and it
 * uses nothing of their phone.
 */
import { createHmac } from "node:crypto";
import resources from "~/locales";
import type { Language } from "~/platform/i18n";
import { deriveSecret } from "~/platform/secrets.server";
import { chosenName, type NamedMember } from "./display-name";

interface NameWords {
  pattern: string;
  adjectives: string[];
  creatures: string[];
}

const wordsOf = (lang: Language) => (resources[lang]?.names ?? resources.en!.names) as unknown as NameWords;

/** The member's generated name in `lang`: an adjective, a creature and a number from 10 to 99. */
export function generatedName(memberId: number, lang: Language): string {
  const words = wordsOf(lang);
  const hash = createHmac("sha256", deriveSecret("member-name")).update(String(memberId)).digest();
  const adjective = words.adjectives[hash.readUInt16BE(0) % words.adjectives.length]!;
  const creature = words.creatures[hash.readUInt16BE(2) % words.creatures.length]!;
  const number = String(10 + (hash.readUInt16BE(4) % 90));
  return words.pattern.replace("{{adjective}}", adjective).replace("{{creature}}", creature).replace("{{number}}", number);
}

/** The name other members see: the chosen one, or the generated one in the reader's language. */
export function displayName(member: NamedMember, lang: Language): string {
  return chosenName(member) ?? generatedName(member.id, lang);
}
