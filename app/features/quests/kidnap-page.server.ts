/**
 * What /kidnap shows: the link of ?code= (opening never spends it), what a member may share
 * a catch link for (a game master: any beamkin), and the link just shared (?shared=), drawn
 * as a QR code.
 */
import { hasRole, type CurrentMember } from "~/features/auth/index.server";
import { listCatalogue, memberCreatures } from "~/features/beamkins/index.server";
import type { Language } from "~/platform/i18n";
import { drawQr } from "~/platform/qr.server";
import { formatMoment } from "~/ui/dates";
import { catchLinkByCode } from "./catch-links.server";
import { sharedUrl } from "./links.server";

const linkPath = (code: string) => `/kidnap?code=${code}`;

export async function kidnapScreen(request: Request, me: CurrentMember | null, lang: Language) {
  const url = new URL(request.url);
  const code = url.searchParams.get("code")?.slice(0, 64) ?? "";
  const link = code ? await catchLinkByCode(code, me?.member.id ?? null) : null;
  const gameMaster = me ? hasRole(me.roles, "gamemaster") : false;
  const shareable = me ? (gameMaster ? await listCatalogue() : (await memberCreatures(me.member.id)).map((c) => ({ id: c.id, slug: c.slug, name: c.name }))) : [];
  const sharedCode = url.searchParams.get("shared");
  const shared = sharedCode && me ? await catchLinkByCode(sharedCode, null) : null;
  return {
    signedIn: Boolean(me),
    code,
    link: link ? { ...link, expires: formatMoment(link.expiresAt, lang) } : null,
    gameMaster,
    shareable: shareable.map((c) => ({ id: c.id, slug: c.slug, name: c.name })),
    shared: shared
      ? { url: sharedUrl(request, linkPath(shared.code)), qr: drawQr(sharedUrl(request, linkPath(shared.code))), expires: formatMoment(shared.expiresAt, lang), creature: shared.creature, catches: shared.catchesLeft }
      : null,
  };
}

export type KidnapScreen = Awaited<ReturnType<typeof kidnapScreen>>;
