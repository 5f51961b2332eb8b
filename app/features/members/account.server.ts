/**
 * A member's account as section 3 names it (POST /api/getaccount/): the User fields, the
 * user_roles entries (Role, ContestID, ContestName) and the avatar's character record.
 */
import { asc, eq } from "drizzle-orm";
import { db } from "~/platform/db/db.server";
import { characters, contests, memberRoles, members } from "~/platform/db/schema";
import { avatarUrl, DEFAULT_AVATAR_URL } from "~/features/avatars";

export interface AccountUser {
  AvatarURL: string;
  ClientID: string | null;
  Email: string | null;
  FirstName: string | null;
  Joined: string;
  LastName: string | null;
  LastScore: number;
  MemberID: number;
  Notes: string | null;
  Phone: string;
  RecruitedBy: number | null;
  SellerID: string | null;
  Status: string;
  Type: string;
  Username: string | null;
  Zipcode: string | null;
  PrevContest: number | null;
  /** 0 means no companion. */
  CreatureID: number;
}

export interface AccountRole {
  Role: string;
  ContestID: number | null;
  ContestName: string | null;
}

/** Section 3's server character record, as stored. */
export interface AccountCharacter {
  Style: string;
  Seed: string;
  Body: string | null;
  BackgroundColor: string | null;
  Beard: string | null;
  Clothing: string | null;
  ClothingColor: string | null;
  Eyes: string | null;
  Glasses: string | null;
  Hair: string | null;
  HairColor: string | null;
  Mouth: string | null;
  FacialHair: string | null;
  Mood: string | null;
  Eyebrows: string | null;
  Freckles: string | null;
  Head: string | null;
  Nose: string | null;
  SkinColor: string | null;
}

export interface MemberAccount {
  member: AccountUser;
  user_roles: AccountRole[];
  /** Null before the member saved a look. */
  avatar: AccountCharacter | null;
}

export async function memberAccount(memberId: number): Promise<MemberAccount | null> {
  const [member] = await db().select().from(members).where(eq(members.id, memberId));
  if (!member) return null;
  const [character] = await db().select().from(characters).where(eq(characters.memberId, memberId));
  const roles = await db()
    .select({ role: memberRoles.role, contestId: memberRoles.contestId, contestName: contests.name })
    .from(memberRoles)
    .leftJoin(contests, eq(contests.id, memberRoles.contestId))
    .where(eq(memberRoles.memberId, memberId))
    .orderBy(asc(memberRoles.id));
  return {
    member: {
      AvatarURL: character ? avatarUrl(memberId, character.version) : DEFAULT_AVATAR_URL,
      ClientID: member.clientId,
      Email: member.email,
      FirstName: member.firstName,
      Joined: member.joinedAt.toISOString(),
      LastName: member.lastName,
      LastScore: member.lastScore,
      MemberID: member.id,
      Notes: member.notes,
      Phone: member.phone,
      RecruitedBy: member.recruitedBy,
      SellerID: member.sellerId,
      Status: member.status,
      Type: member.type,
      Username: member.username,
      Zipcode: member.zipcode,
      PrevContest: member.prevContestId,
      CreatureID: member.creatureId,
    },
    user_roles: roles.map((r) => ({ Role: r.role, ContestID: r.contestId, ContestName: r.contestName })),
    avatar: character
      ? {
          Style: character.style,
          Seed: character.seed,
          Body: character.body,
          BackgroundColor: character.backgroundColor,
          Beard: character.beard,
          Clothing: character.clothing,
          ClothingColor: character.clothingColor,
          Eyes: character.eyes,
          Glasses: character.glasses,
          Hair: character.hair,
          HairColor: character.hairColor,
          Mouth: character.mouth,
          FacialHair: character.facialHair,
          Mood: character.mood,
          Eyebrows: character.eyebrows,
          Freckles: character.freckles,
          Head: character.head,
          Nose: character.nose,
          SkinColor: character.skinColor,
        }
      : null,
  };
}
