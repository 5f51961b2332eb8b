/** How a member is named on screens that other members see. */
export interface NamedMember {
  id: number;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
const LATIN = /[A-Za-z]/;
/** A name written in Chinese characters (and no Latin letters): 王, 振仪. */
const isChineseName = (name: string) => HAN.test(name) && !LATIN.test(name);

/**
 * The name a member chose (their first and last name, or their username), or null when they
 * have chosen none: screens then show a generated one (member-name.server.ts).
 */
export function chosenName(member: NamedMember): string | null {
  const first = member.firstName?.trim() ?? "";
  const last = member.lastName?.trim() ?? "";
  // A Chinese name is the family name first, with no space: 姓 王 + 名 振仪 is 王振仪.
  if (first && last && isChineseName(first) && isChineseName(last)) return `${last}${first}`;
  const full = [first, last].filter(Boolean).join(" ");
  if (full) return full;
  if (member.username) return member.username;
  return null;
}
