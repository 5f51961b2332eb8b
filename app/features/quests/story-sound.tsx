/**
 * The story's sound (client-only island): a short chime as the story turns a page. Never
 * before a tap: the first panel is silent, and a chime plays only once the reader has
 * pressed something on the page. The mute setting is the spec's storyMuted, read at start
 * (a member's from their account, a visitor's from local storage; not muted by default)
 * and kept where it was read.
 */
import { href } from "react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/translations";

const STORAGE_KEY = "storyMuted";
const CHIME = "/sounds/story-chime.wav";

export default function StorySound({ panel, memberMuted }: { panel: number; memberMuted: boolean | null }) {
  const { t } = useTranslation("quests");
  const [muted, setMuted] = useState(() => (memberMuted ?? localStorage.getItem(STORAGE_KEY) === "true"));
  const audio = useRef<HTMLAudioElement | null>(null);
  const shown = useRef(panel);

  useEffect(() => {
    if (shown.current === panel) return;
    shown.current = panel;
    // A page turned by the reader's own press: the browser counts that as a tap.
    if (muted || !navigator.userActivation?.hasBeenActive) return;
    audio.current ??= new Audio(CHIME);
    audio.current.currentTime = 0;
    void audio.current.play().catch(() => {});
  }, [panel, muted]);

  function toggle() {
    const next = !muted;
    setMuted(next);
    localStorage.setItem(STORAGE_KEY, String(next));
    if (memberMuted !== null) {
      void fetch(href("/preferences/story-sound"), {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ muted: String(next) }),
      }).catch(() => {});
    }
  }

  return (
    <button type="button" aria-pressed={!muted} onClick={toggle} className="toggle rounded-full px-3 py-1.5 text-sm font-semibold">
      <span aria-hidden="true">{muted ? "🔇 " : "🔊 "}</span>
      {t("story.sound")}
    </button>
  );
}
