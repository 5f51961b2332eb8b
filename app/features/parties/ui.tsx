/** Pieces only the party screens show: a person with their avatar, the join code, a removal's reason. */
import { useTranslation } from "~/platform/translations";
import { AvatarImage } from "~/features/avatars";
import { MemberText } from "~/ui/member-text";

/** A person as the party screens show them: avatar and name. */
export function PersonChip({ name, avatarUrl, size = 32 }: { name: string; avatarUrl: string; size?: number }) {
  const { t } = useTranslation("parties");
  return (
    <span className="inline-flex items-center gap-2">
      <AvatarImage src={avatarUrl} alt={t("avatarOf", { name })} size={size} />
      <span>{name}</span>
    </span>
  );
}

/** The join code as people read it: large, spaced, in a face without look-alikes. */
export function JoinCode({ shown, testId }: { shown: string; testId?: string }) {
  return (
    <p className="font-mono text-3xl font-bold tracking-[0.2em]" data-testid={testId}>
      {shown}
    </p>
  );
}

/** The reason a ringleader gave for a removal, quoted in their own words (nothing when none was given). */
export function RemovalReason({ reason }: { reason: string | null | undefined }) {
  if (!reason) return null;
  return (
    <blockquote className="border-s-4 border-amber-700 ps-3 italic">
      <MemberText text={reason} />
    </blockquote>
  );
}
