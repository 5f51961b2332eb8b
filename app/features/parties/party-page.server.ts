/**
 * What /party/:id shows: the party's page with its dates told in the reader's language, or
 * only its name (and a removal notice) when it is private to the viewer. 404 when not there.
 */
import { data, type RouterContextProvider } from "react-router";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { formatDay } from "~/ui/dates";
import { partyPage } from "./views.server";

export const partyIdOf = (id: string) => (/^\d{1,10}$/.test(id) ? Number(id) : 0);

export async function partyScreen(id: string, viewerId: number | null, context: Readonly<RouterContextProvider>) {
  const page = await partyPage(partyIdOf(id), viewerId, getLocale(context));
  // An unknown party is the not-found page.
  if (!page) throw data(null, { status: 404 });
  const lng = getLocale(context);
  const t = getInstance(context).t;
  const removal = page.removal && { ...page.removal, on: formatDay(page.removal.at, lng) };
  // The spec's title for the screen ("Party"); the party's own name is its heading.
  if (page.private) return { ...page, removal, title: t("parties:party.title"), signedIn: viewerId !== null };
  return {
    ...page,
    removal,
    title: t("parties:party.title"),
    signedIn: viewerId !== null,
    members: page.members.map((m) => ({ ...m, joinedOn: formatDay(m.joinedAt, lng) })),
    activity: page.activity.map((a) => ({ ...a, on: formatDay(a.at, lng) })),
  };
}

export type PartyScreen = Awaited<ReturnType<typeof partyScreen>>;
export type OpenPartyScreen = Exclude<PartyScreen, { private: true }>;
