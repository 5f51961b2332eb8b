/**
 * The companion's place on every page. The server renders a small dock: the dialogue box
 * (a <details>, open or collapsed without any script) and links to the chat and the
 * backpack that work as plain pages. After hydration, when the browser is idle, the
 * floating companion island (./companion-island) is imported and takes over those links.
 * This file is in every page's bundle, so it stays tiny.
 */
import { createElement, useEffect, useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import type { CompanionData } from "~/features/beamkins/companion";

export type CompanionPanel = "chat" | "backpack" | null;

export interface CompanionIslandProps {
  companion: CompanionData;
  panel: CompanionPanel;
  onPanel: (panel: CompanionPanel) => void;
}

export function CompanionMount({ companion }: { companion: CompanionData | null }) {
  const { i18n } = useTranslation();
  const [Island, setIsland] = useState<ComponentType<CompanionIslandProps> | null>(null);
  const [panel, setPanel] = useState<CompanionPanel>(null);
  const signedIn = Boolean(companion?.signedIn);

  useEffect(() => {
    if (!signedIn || Island) return;
    let cancelled = false;
    const load = () => {
      void Promise.all([import("./companion-island"), i18n.loadNamespaces("beamkins")])
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

  if (!companion) return null;
  const open = (which: Exclude<CompanionPanel, null>) => (event: React.MouseEvent) => {
    if (!Island) return; // not loaded yet: follow the link
    event.preventDefault();
    setPanel(which);
  };
  const { labels, dialogue } = companion;
  return (
    <>
      <aside
        aria-label={labels.region}
        data-testid="companion-dock"
        className="pointer-events-none fixed bottom-3 left-3 z-30 flex max-w-[min(20rem,calc(100vw-1.5rem))] flex-col items-start gap-2"
      >
        {dialogue ? (
          <details
            open
            data-testid="companion-dialogue"
            className="pointer-events-auto w-full rounded-xl border border-glow-300 bg-white/95 p-3 text-sm shadow-lg dark:border-glow-700 dark:bg-slate-900/95"
          >
            <summary className="flex cursor-pointer items-center gap-2 font-semibold" aria-label={labels.dialogueToggle}>
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
          <nav aria-label={labels.region} className="pointer-events-auto flex gap-2">
            <a
              href="/chat-demo"
              onClick={open("chat")}
              className="rounded-full border border-glow-500 bg-white px-3 py-1 text-sm font-semibold shadow dark:bg-slate-900"
            >
              {labels.chat}
            </a>
            <a
              href="/beamkins#backpack"
              onClick={open("backpack")}
              aria-haspopup={Island ? "dialog" : undefined}
              className="rounded-full border border-glow-500 bg-white px-3 py-1 text-sm font-semibold shadow dark:bg-slate-900"
            >
              {labels.backpack}
            </a>
          </nav>
        ) : null}
      </aside>
      {Island ? createElement(Island, { companion, panel, onPanel: setPanel }) : null}
    </>
  );
}
