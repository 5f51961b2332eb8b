/** How a member is named on screens that other members see. */
export interface NamedMember {
  id: number;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}

export function displayName(member: NamedMember): string {
  const full = [member.firstName, member.lastName].filter(Boolean).join(" ").trim();
  if (full) return full;
  if (member.username) return member.username;
  return `#${member.id}`;
}
