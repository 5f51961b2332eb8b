/**
 * What /partymanager shows: the parties the member leads, the one asked for (or the first),
 * its members, requests and invitations, with dates told in the reader's language.
 */
import type { Language } from "~/platform/i18n";
import { formatDay } from "~/ui/dates";
import { partyInvites } from "./invites.server";
import { managedParty, partiesLedBy } from "./views.server";

export async function managerScreen(me: number, asked: number, title: string, lng: Language) {
  const led = await partiesLedBy(me);
  const selected = led.find((p) => p.id === asked) ?? led[0] ?? null;
  const base = { title, led, me };
  if (!selected) return { ...base, view: null, invites: [] };
  const [view, invites] = await Promise.all([managedParty(selected.id, lng), partyInvites(selected.id, lng)]);
  return {
    ...base,
    view: view && {
      ...view,
      members: view.members.map((m) => ({ ...m, joinedOn: formatDay(m.joinedAt, lng) })),
      requests: view.requests.map((r) => ({ ...r, askedOn: formatDay(r.at, lng) })),
    },
    invites: invites.map((i) => ({ ...i, expiresOn: formatDay(i.expiresAt, lng), sentOn: formatDay(i.createdAt, lng) })),
  };
}

export type ManagerScreen = Awaited<ReturnType<typeof managerScreen>>;
