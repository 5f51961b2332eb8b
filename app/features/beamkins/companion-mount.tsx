/**
 * The companion's place on every page. The server renders a small dock: the dialogue box
 * (a <details>, open or collapsed without any script) and links to the chat and the
 * backpack that work as plain pages. After hydration, when the browser is idle, the
 * floating companion island (./companion-island) is imported and takes over those links.
 * This file is in every page's bundle, so it stays tiny.
 *
 * The dock is a band at the end of the page, in its flow (docs/decisions/1182): it floats
 * over nothing, so no link, button or focused control of the page is ever under it, at any
 * width, with or without JavaScript. The floating companion parks in the dock's "perch"
 * (its inline end, beside the links) and, parked, scrolls with the page.
 */
import { href } from "react-router";
import { createElement, useCallback, useEffect, useState, type ComponentType } from "react";
import { useTranslation } from "~/platform/translations";
import type { CompanionData } from "~/features/beamkins/companion";
import { COMPANION_SIZE } from "~/features/beamkins/rules";

export type CompanionPanel = "chat" | "backpack" | null;

export interface CompanionIslandProps {
  companion: CompanionData;
  panel: CompanionPanel;
  onPanel: (panel: CompanionPanel) => void;
  /** What the chat dialog opens with: the message kept through sign-in (0515). */
  draftMessage: string | null;
  /** The chat found the session ended: the dialog stays while the page is read again signed out. */
  onSessionEnded: () => void;
}

/** The place in the dock where the floating companion parks. */
export const PERCH_SELECTOR = "[data-companion-perch]";

export function CompanionMount({
  companion,
  draftMessage = null,
}: {
  companion: CompanionData | null;
  /** The chat's message kept through sign-in (ui/draft.tsx companionDraftMessage), given back once. */
  draftMessage?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const [Island, setIsland] = useState<ComponentType<CompanionIslandProps> | null>(null);
  const [panel, setPanel] = useState<CompanionPanel>(null);
  const signedIn = Boolean(companion?.signedIn);
  // The session ended during a chat (0515): the page is read again, signed out, while the
  // dialog stays open with its sign-in form; the companion is kept for it until it closes.
  const [kept, setKept] = useState<CompanionData | null>(null);
  const sessionEnded = useCallback(() => {
    if (companion) setKept({ ...companion, corralled: true });
  }, [companion]);
  const choosePanel = useCallback((next: CompanionPanel) => {
    setPanel(next);
    if (next === null) setKept(null);
  }, []);
  // Back from signing in with the chat's message: the chat opens again with it.
  useEffect(() => {
    if (draftMessage !== null && Island) setPanel("chat");
  }, [draftMessage, Island]);

  useEffect(() => {
    if (!signedIn || Island) return;
    let cancelled = false;
    const load = () => {
      void Promise.all([import("./companion-island"), i18n.whenLoaded(["beamkins"])])
        .then(([module]) => {
          if (!cancelled) setIsland(() => module.CompanionIsland);
        })
        .catch(() => {
          /* The dock's plain links keep working. */
        });
    };
    // Never compete with the page's own first render and hydration.
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 300));
    const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(load, { timeout: 3000 });
    return () => {
      cancelled = true;
      cancelIdle(handle);
    };
  }, [signedIn, Island, i18n]);

  const islandProps = { panel, onPanel: choosePanel, draftMessage, onSessionEnded: sessionEnded };
  // The island keeps its place among the fragment's children, so the open dialog and what it
  // holds stay when the page is read again signed out.
  if (!companion) return <>{null}{Island && kept ? createElement(Island, { companion: kept, ...islandProps }) : null}</>;
  const open = (which: Exclude<CompanionPanel, null>) => (event: React.MouseEvent) => {
    if (!Island) return; // not loaded yet: follow the link
    event.preventDefault();
    choosePanel(which);
  };
  const { labels, dialogue } = companion;
  const perched = Boolean(companion.creature && !companion.corralled);
  return (
    <>
      {/* At the page's end, after <main>: over nothing (decision 1182). The links by the perch,
          at the inline end; the perch is there from the server on, so nothing moves when the
          companion arrives (decision 1031). */}
      <aside
        aria-label={labels.region}
        data-testid="companion-dock"
        className="companion-dock mx-3 mb-3 mt-auto flex flex-wrap items-end justify-end gap-2"
      >
        <div className="flex max-w-[min(20rem,100%)] flex-col items-end gap-2">
          {dialogue ? (
            <details
              open
              data-testid="companion-dialogue"
              className="w-full rounded-xl border border-glow-300 bg-white/95 p-3 text-sm shadow-lg dark:border-glow-700 dark:bg-slate-900/95"
            >
              {/* Named by what it shows ("Sparkit says"): a label in the name (WCAG 2.5.3). */}
              <summary className="flex cursor-pointer items-center gap-2 font-semibold">
                <img src={`/beamkins/${dialogue.speaker.slug}.svg`} alt="" width={32} height={32} />
                <span>{labels.dialogueTitle}</span>
              </summary>
              {dialogue.title ? <p className="mt-2 font-semibold text-glow-700 dark:text-glow-300">{dialogue.title}</p> : null}
              {dialogue.lines.map((line, i) => (
                <p key={i} className="mt-1">
                  {line}
                </p>
              ))}
            </details>
          ) : null}
          {companion.signedIn ? (
            <nav aria-label={t("companionLinks")} className="flex gap-2">
              <a
                href={href("/chat-demo")}
                onClick={open("chat")}
                className="rounded-full border border-glow-500 bg-white px-3 py-1 text-sm font-semibold shadow dark:bg-slate-900"
              >
                {labels.chat}
              </a>
              <a
                href={`${href("/beamkins")}#backpack`}
                onClick={open("backpack")}
                aria-haspopup={Island ? "dialog" : undefined}
                className="rounded-full border border-glow-500 bg-white px-3 py-1 text-sm font-semibold shadow dark:bg-slate-900"
              >
                {labels.backpack}
              </a>
            </nav>
          ) : null}
        </div>
        {perched ? (
          <div
            data-companion-perch=""
            data-testid="companion-perch"
            className="shrink-0"
            style={{ width: COMPANION_SIZE, height: COMPANION_SIZE }}
          />
        ) : null}
      </aside>
      {Island ? createElement(Island, { companion, ...islandProps }) : null}
    </>
  );
}
