import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useRouteLoaderData, href } from "react-router";
import { useTranslation } from "~/platform/translations";
import { showToast } from "~/ui/toaster";
import { AvatarImage } from "./avatar-image";
import { DEFAULT_AVATAR_URL } from "./avatar-address";

export interface HeaderAvatarData {
  url: string;
  version: number | null;
  alt: string;
}

/**
 * The signed-in member's avatar in the site header, linking to their profile. Reads
 * `avatar` from the root loader's data (`headerAvatar` in characters.server.ts); renders
 * nothing for visitors.
 *
 * When the picture cannot be loaded (the spec's account load failure), the header shows the
 * default face and, with JavaScript, the error toast 'Failed to get avatar.' with what went
 * wrong (decision 1032). Without JavaScript the image's alt text stands in its place.
 */
export function HeaderAvatar() {
  const root = useRouteLoaderData("root") as { avatar?: HeaderAvatarData | null } | undefined;
  const avatar = root?.avatar;
  const { t } = useTranslation();
  const image = useRef<HTMLImageElement>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = avatar?.url ?? null;

  const reported = useRef<string | null>(null);
  const report = useCallback(async () => {
    if (!url || url === DEFAULT_AVATAR_URL || reported.current === url) return;
    reported.current = url;
    setFailedUrl(url);
    let reason: string;
    try {
      // The image element does not say why; asking again does (a status, or no answer).
      const response = await fetch(url, { cache: "no-store" });
      reason = response.ok ? t("avatarFailed.unreadable") : t("avatarFailed.status", { status: response.status });
    } catch {
      reason = t("avatarFailed.unreachable");
    }
    showToast({ type: "error", message: t("avatarFailed.message"), description: t("avatarFailed.detail", { reason }) });
  }, [url, t]);

  // A picture that failed before the page was hydrated fired its error event unheard:
  // decoding it says so (it rejects only for a picture that cannot be shown).
  useEffect(() => {
    const img = image.current;
    if (!img || !url || img.getAttribute("src") !== url) return;
    img.decode().catch(() => {
      if (image.current === img && img.getAttribute("src") === url) void report();
    });
  }, [url, report]);

  if (!avatar) return null;
  const failed = failedUrl === avatar.url;
  return (
    <Link
      to={href("/profile")}
      className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus"
      data-testid="header-avatar"
    >
      <AvatarImage
        src={failed ? DEFAULT_AVATAR_URL : avatar.url}
        alt={avatar.alt}
        size={32}
        eager
        imageRef={image}
        onError={failed ? undefined : () => void report()}
      />
    </Link>
  );
}
