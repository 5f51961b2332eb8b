/**
 * What the game master's quest table (/gamemaster/quests) shows for one contest: its quest
 * rows, sorted by id or reward (?sort=, ?dir=), and the steps of the quest whose editor is
 * open (?steps=), each scan step with its printed code's link and QR drawing.
 */
import type { Language } from "~/platform/i18n";
import { drawQr } from "~/platform/qr.server";
import { contestQuests, questStepList } from "./game-master.server";
import { sharedUrl } from "./links.server";

const idParam = (value: string | null) => (value && /^\d{1,10}$/.test(value) ? Number(value) : null);

export async function questTableScreen(request: Request, contestId: number, lang: Language) {
  const url = new URL(request.url);
  const sort = url.searchParams.get("sort") === "reward" ? "reward" : "id";
  const descending = url.searchParams.get("dir") === "desc";
  const rows = await contestQuests(contestId, lang, sort, descending);
  const stepsOf = idParam(url.searchParams.get("steps"));
  const steps = stepsOf ? await questStepList(contestId, stepsOf, lang) : null;
  return {
    rows,
    sort,
    descending,
    steps: steps
      ? steps.map((s) => ({ ...s, scan: s.startCode ? { url: sharedUrl(request, `/playquest?scan=${s.startCode}`), qr: drawQr(sharedUrl(request, `/playquest?scan=${s.startCode}`)) } : null }))
      : null,
  };
}

export type QuestTableScreen = Awaited<ReturnType<typeof questTableScreen>>;
