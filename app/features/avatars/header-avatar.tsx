import { Link, useRouteLoaderData } from "react-router";
import { AvatarImage } from "./avatar-image";

export interface HeaderAvatarData {
  url: string;
  version: number | null;
  alt: string;
}

/**
 * The signed-in member's avatar in the site header, linking to their profile. Reads
 * `avatar` from the root loader's data (`headerAvatar` in characters.server.ts); renders
 * nothing for visitors.
 */
export function HeaderAvatar() {
  const root = useRouteLoaderData("root") as { avatar?: HeaderAvatarData | null } | undefined;
  const avatar = root?.avatar;
  if (!avatar) return null;
  return (
    <Link
      to="/profile"
      className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
      data-testid="header-avatar"
    >
      <AvatarImage src={avatar.url} alt={avatar.alt} size={32} eager />
    </Link>
  );
}
