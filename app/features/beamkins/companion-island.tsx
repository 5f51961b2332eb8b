/**
 * The floating companion, its chat dialog and the backpack dialog: client-only, imported
 * by ./companion-mount after the page is interactive.
 *
 * The companion wanders (at COMPANION_SPEED px per frame, each leg an animation the
 * compositor runs) unless the member prefers
 * reduced motion; it can be dragged with a pointer and moved with the arrow keys; a click,
 * Enter or Space opens the chat. It pauses while a form control has focus, or anything
 * has the keyboard's focus, and moves off what it would cover. It starts, and with reduced
 * motion stays, parked in the dock's perch: room the dock keeps for it at the end of the
 * page. Parked, it sits in the page and scrolls with it, so it covers nothing of the page
 * (docs/decisions/1031, 1182); anywhere else it floats over the screen.
 */
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/platform/translations";
import { Link, useRevalidator, href } from "react-router";
import { BeamkinArt } from "~/features/beamkins/beamkin-art";
import { ChatMessages, ChatTextarea } from "~/features/beamkins/chat-parts";
import type { CompanionCreature, CompanionData } from "~/features/beamkins/companion";
import { LightMeter } from "~/features/beamkins/light-meter";
import { COMPANION_SIZE, COMPANION_SPEED, type ChatMessageView } from "~/features/beamkins/rules";
import { COMPANION_DRAFT_FIELD, DraftNotice } from "~/ui/draft";
import { primaryButton } from "~/ui/buttons";
import { PERCH_SELECTOR, type CompanionIslandProps } from "./companion-mount";

export function CompanionIsland({ companion, panel, onPanel, draftMessage, onSessionEnded }: CompanionIslandProps) {
  const close = useCallback(() => onPanel(null), [onPanel]);
  return (
    <>
      {companion.creature && !companion.corralled ? (
        <FloatingCompanion
          creature={companion.creature}
          paused={panel !== null}
          onOpen={() => onPanel("chat")}
        />
      ) : null}
      {panel === "chat" ? (
        <ChatDialog companion={companion} onClose={close} draftMessage={draftMessage} onSessionEnded={onSessionEnded} />
      ) : null}
      {panel === "backpack" ? <BackpackDialog companion={companion} onClose={close} /> : null}
    </>
  );
}

// ───────────────────────────── The floating companion ─────────────────────────────

const POSITION_KEY = "glow-companion-position";
const FORM_CONTROL = "input, textarea, select, [contenteditable=''], [contenteditable='true']";

/**
 * Whether the companion must keep off (and hold still for) the focused element: a form
 * control, or anything the keyboard focused (links, buttons, summaries…). A button merely
 * clicked with the mouse does not count: the pointer is already there.
 */
export function isGuarded(element: Element | null, companion?: Element | null): element is HTMLElement {
  if (!element || element === document.body || element === document.documentElement) return false;
  if (companion?.contains(element) || element.closest("dialog")) return false;
  if (element.matches(FORM_CONTROL)) return true;
  try {
    return element.matches(":focus-visible");
  } catch {
    return true; // a browser without :focus-visible: keep off anything focused
  }
}
const MARGIN = 8;
const KEY_STEP = 16;

interface Point {
  x: number;
  y: number;
}
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function viewport() {
  return { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight };
}

function clampToViewport(p: Point, size: number): Point {
  const { width, height } = viewport();
  return {
    x: Math.round(Math.min(Math.max(MARGIN, p.x), Math.max(MARGIN, width - size - MARGIN))),
    y: Math.round(Math.min(Math.max(MARGIN, p.y), Math.max(MARGIN, height - size - MARGIN))),
  };
}

function overlaps(a: Box, b: Box, pad = MARGIN) {
  return a.left < b.right + pad && a.right > b.left - pad && a.top < b.bottom + pad && a.bottom > b.top - pad;
}

function boxAt(p: Point, size: number): Box {
  return { left: p.x, top: p.y, right: p.x + size, bottom: p.y + size };
}

/**
 * A place for the companion that does not cover `avoid`: its perch in the dock if that is
 * free, else a top corner, else above or below `avoid`, the bottom left last (decision 1031).
 */
export function placeAwayFrom(
  avoid: Box,
  size: number,
  current: Point,
  perch: Point | null,
  { width, height }: { width: number; height: number } = viewport(),
): Point {
  const clamp = (p: Point) => ({
    x: Math.round(Math.min(Math.max(MARGIN, p.x), Math.max(MARGIN, width - size - MARGIN))),
    y: Math.round(Math.min(Math.max(MARGIN, p.y), Math.max(MARGIN, height - size - MARGIN))),
  });
  const candidates: Point[] = [
    perch ?? { x: width - size - MARGIN, y: height - size - MARGIN },
    { x: width - size - MARGIN, y: MARGIN },
    { x: MARGIN, y: MARGIN },
    { x: current.x, y: avoid.top - size - MARGIN * 2 },
    { x: current.x, y: avoid.bottom + MARGIN * 2 },
    { x: MARGIN, y: height - size - MARGIN },
  ].map(clamp);
  const free = candidates.find((p) => !overlaps(boxAt(p, size), avoid));
  if (free) return free;
  // Nowhere is free (a huge control): the corner farthest from its centre.
  const cx = (avoid.left + avoid.right) / 2;
  const cy = (avoid.top + avoid.bottom) / 2;
  return candidates
    .slice(0, 3)
    .sort((a, b) => Math.hypot(b.x - cx, b.y - cy) - Math.hypot(a.x - cx, a.y - cy))[0]!;
}

function perchPoint(): Point | null {
  const rect = document.querySelector(PERCH_SELECTOR)?.getBoundingClientRect();
  return rect ? { x: rect.left, y: rect.top } : null;
}

function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(() => window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReduced(query.matches);
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}

function FloatingCompanion({
  creature,
  paused,
  onOpen,
}: {
  creature: CompanionCreature;
  paused: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation("beamkins");
  const size = COMPANION_SIZE;
  const reduced = usePrefersReducedMotion();
  const button = useRef<HTMLButtonElement>(null);
  const position = useRef<Point>({ x: 0, y: 0 });
  const state = useRef({
    dragging: null as null | { pointerId: number; start: Point; origin: Point; moved: boolean },
    suppressClick: false,
    hovered: false,
    guard: null as null | HTMLElement,
    /** In the dock's perch: follows it when the dock changes height or the window its size. */
    parked: false,
  });


  /** The leg of its wandering under way: an animation the compositor runs, not the page's script. */
  const leg = useRef<Animation | null>(null);

  /**
   * Where it is on the screen now: parked, it moved with the page since it was placed; on a
   * leg, it is part of the way along (the box includes the animation's transform).
   */
  const here = useCallback((): Point => {
    const rect = button.current?.getBoundingClientRect();
    if (!rect || !(state.current.parked || leg.current)) return position.current;
    return { x: Math.round(rect.left), y: Math.round(rect.top) };
  }, []);

  const place = useCallback(
    (p: Point, options: { smooth?: boolean; save?: boolean; parked?: boolean } = {}) => {
      const parked = options.parked ?? false;
      // Parked, it goes where its perch is, on the screen or below it.
      const next = parked ? { x: Math.round(p.x), y: Math.round(p.y) } : clampToViewport(p, size);
      position.current = next;
      state.current.parked = parked;
      const el = button.current;
      if (el) {
        el.style.transition = options.smooth && !reduced ? "transform 300ms ease-out" : "";
        // Parked, it is placed in the page (it scrolls with it); elsewhere on the screen.
        el.style.position = parked ? "absolute" : "";
        const at = parked ? { x: next.x + window.scrollX, y: next.y + window.scrollY } : next;
        el.style.transform = `translate(${at.x}px, ${at.y}px)`;
        el.dataset.x = String(next.x);
        el.dataset.y = String(next.y);
        el.dataset.parked = state.current.parked ? "true" : "false";
      }
      // Placed: a leg under way ends here (after the new place is set, so no frame shows the old one).
      leg.current?.cancel();
      leg.current = null;
      if (options.save) {
        try {
          sessionStorage.setItem(POSITION_KEY, JSON.stringify(state.current.parked ? { parked: true } : next));
        } catch {
          /* private mode: the position just is not remembered */
        }
      }
    },
    [size, reduced],
  );

  /** Stops a leg under way where it has got to. */
  const halt = useCallback(() => {
    if (leg.current) place(here());
  }, [place, here]);

  /** To the perch (when there is one), or wherever else is free of `avoid`. */
  const park = useCallback(
    (options: { smooth?: boolean; save?: boolean; avoid?: Box } = {}) => {
      const spot = perchPoint();
      if (options.avoid) {
        const away = placeAwayFrom(options.avoid, size, here(), spot);
        const parked = Boolean(spot && away.x === Math.round(spot.x) && away.y === Math.round(spot.y));
        place(away, { ...options, parked });
      } else if (spot) {
        place(spot, { ...options, parked: true });
      }
    },
    [place, size, here],
  );

  // Start where it was left (this tab), or parked in the dock's perch.
  useEffect(() => {
    let start: Partial<Point> | null = null;
    try {
      start = JSON.parse(sessionStorage.getItem(POSITION_KEY) ?? "null") as Partial<Point> | null;
    } catch {
      start = null;
    }
    // A spot the member dragged it to; `{ parked: true }` (or nothing) is the perch.
    if (typeof start?.x === "number" && typeof start.y === "number") place({ x: start.x, y: start.y });
    else park();
    const onResize = () => (state.current.parked ? park() : place(here()));
    window.addEventListener("resize", onResize);
    // The dock grows and shrinks (the dialogue box opens and closes): the perch moves.
    const dock = document.querySelector(PERCH_SELECTOR)?.parentElement;
    const observer = dock ? new ResizeObserver(() => state.current.parked && park()) : null;
    if (dock) observer?.observe(dock);
    return () => {
      window.removeEventListener("resize", onResize);
      observer?.disconnect();
    };
  }, [place, park, here]);

  // Never cover the control the member is using (a form control, or whatever the
  // keyboard focused).
  useEffect(() => {
    const s = state.current;
    const dodge = () => {
      if (!s.guard) return;
      // It holds still while the member uses a control.
      halt();
      const rect = s.guard.getBoundingClientRect();
      if (overlaps(boxAt(here(), size), rect)) park({ avoid: rect, smooth: true, save: true });
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (!isGuarded(target, button.current)) return;
      s.guard = target;
      dodge();
    };
    const onFocusOut = () => {
      // Focus moving from one control to the next keeps the guard up.
      window.setTimeout(() => {
        const active = document.activeElement;
        s.guard = isGuarded(active, button.current) ? active : null;
        dodge();
      }, 0);
    };
    const onViewportChange = () => dodge();
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("focusout", onFocusOut);
    window.addEventListener("scroll", onViewportChange, { passive: true });
    window.addEventListener("resize", onViewportChange);
    const active = document.activeElement;
    if (isGuarded(active, button.current)) {
      s.guard = active;
      dodge();
    }
    return () => {
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("focusout", onFocusOut);
      window.removeEventListener("scroll", onViewportChange);
      window.removeEventListener("resize", onViewportChange);
    };
  }, [park, halt, size, here]);

  // Wandering: drift towards a random spot, rest a little, pick another. Each leg is one
  // animation of its transform, which the browser's compositor runs: the page's main thread
  // does nothing while it moves (a frame drawn by script took 20–60 ms on a slow phone, and
  // kept the page from ever being idle: decision 1263).
  useEffect(() => {
    if (reduced) return;
    const s = state.current;
    let timer = 0;
    const still = () => paused || s.dragging || s.hovered || s.guard || document.hidden;
    const wander = () => {
      timer = 0;
      const el = button.current;
      if (!el || leg.current) return;
      // Held still (hovered, dragged, a control in use, the chat open, the tab hidden): look again soon.
      if (still()) {
        timer = window.setTimeout(wander, 400);
        return;
      }
      // Leaving the perch: from where it is on the screen, floating from now on.
      const from = here();
      position.current = from;
      const { width, height } = viewport();
      const to = clampToViewport({ x: Math.random() * width, y: Math.random() * height }, size);
      const distance = Math.hypot(to.x - from.x, to.y - from.y);
      el.style.transition = "";
      el.style.position = "";
      s.parked = false;
      el.dataset.parked = "false";
      const animation = el.animate([{ transform: `translate(${from.x}px, ${from.y}px)` }, { transform: `translate(${to.x}px, ${to.y}px)` }], {
        // COMPANION_SPEED px a frame, at 60 frames a second.
        duration: (distance / COMPANION_SPEED) * (1000 / 60),
        easing: "linear",
        fill: "forwards",
      });
      leg.current = animation;
      animation.onfinish = () => {
        if (leg.current !== animation) return;
        place(to);
        timer = window.setTimeout(wander, 1500 + Math.random() * 2500);
      };
    };
    const onVisibility = () => (document.hidden ? halt() : undefined);
    document.addEventListener("visibilitychange", onVisibility);
    wander();
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
      // Remember where it stopped, rounded (parked: in its perch, wherever that is now).
      if (s.parked) park({ save: true });
      else place(here(), { save: true });
    };
  }, [reduced, paused, place, park, halt, here, size]);

  const name = creature.name;
  return (
    <button
      ref={button}
      type="button"
      data-testid="floating-companion"
      aria-label={t("companion.button", { name })}
      aria-haspopup="dialog"
      title={name}
      className="fixed left-0 top-0 z-30 cursor-grab touch-none select-none rounded-full bg-transparent p-0 outline-offset-2 focus-visible:outline-4 focus-visible:outline-focus active:cursor-grabbing"
      style={{ width: size, height: size, transform: "translate(-9999px, -9999px)" }}
      onPointerEnter={() => {
        state.current.hovered = true;
        halt();
      }}
      onPointerLeave={() => (state.current.hovered = false)}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        halt();
        state.current.dragging = {
          pointerId: event.pointerId,
          start: { x: event.clientX, y: event.clientY },
          origin: here(),
          moved: false,
        };
      }}
      onPointerMove={(event) => {
        const drag = state.current.dragging;
        if (!drag || drag.pointerId !== event.pointerId) return;
        const dx = event.clientX - drag.start.x;
        const dy = event.clientY - drag.start.y;
        if (!drag.moved && Math.hypot(dx, dy) < 5) return;
        drag.moved = true;
        place({ x: drag.origin.x + dx, y: drag.origin.y + dy });
      }}
      onPointerUp={(event) => {
        const drag = state.current.dragging;
        if (!drag || drag.pointerId !== event.pointerId) return;
        state.current.dragging = null;
        if (drag.moved) {
          state.current.suppressClick = true;
          place(position.current, { save: true });
        }
      }}
      onPointerCancel={() => {
        state.current.dragging = null;
      }}
      onClick={() => {
        if (state.current.suppressClick) {
          state.current.suppressClick = false;
          return;
        }
        onOpen();
      }}
      onKeyDown={(event) => {
        const moves: Record<string, Point> = {
          ArrowLeft: { x: -1, y: 0 },
          ArrowRight: { x: 1, y: 0 },
          ArrowUp: { x: 0, y: -1 },
          ArrowDown: { x: 0, y: 1 },
        };
        const move = moves[event.key];
        if (!move) return;
        event.preventDefault();
        halt();
        const stride = event.shiftKey ? KEY_STEP * 4 : KEY_STEP;
        const from = here();
        place({ x: from.x + move.x * stride, y: from.y + move.y * stride }, { save: true });
      }}
      onFocus={() => {
        state.current.hovered = true;
        halt();
      }}
      onBlur={() => (state.current.hovered = false)}
    >
      <BeamkinArt slug={creature.slug} light={creature.light} size={size} className="pointer-events-none drop-shadow-lg" />
    </button>
  );
}

// ───────────────────────────── Dialogs ─────────────────────────────

/**
 * Closes the dialog the way Escape does: the <dialog> closes while it is still on the page,
 * so the focus goes back to what opened it, and only then does the panel go away.
 */
const CloseDialog = createContext<() => void>(() => {});

function Modal({
  labelledBy,
  onClose,
  children,
}: {
  labelledBy: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    if (!dialog.open) dialog.showModal();
    // showModal focuses the first control (the close button); the message box is better.
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      // Removed while open (the page navigated away): close it quietly.
      if (dialog.open) dialog.close();
    };
  }, []);
  const close = useCallback(() => {
    const dialog = ref.current;
    if (dialog?.open) dialog.close(); // fires `close`, which calls onClose
    else onClose();
  }, [onClose]);
  const closed = () => {
    // The browser returns the focus to the opener; make sure of it (an opener that was not
    // focusable, a browser that does not).
    const back = opener.current;
    if (back?.isConnected && (document.activeElement === document.body || !document.activeElement)) back.focus();
    onClose();
  };
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onClose={closed}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto w-[min(32rem,calc(100vw-1.5rem))] rounded-2xl border border-glow-300 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/50 dark:border-glow-700 dark:bg-slate-900 dark:text-slate-50"
    >
      <CloseDialog.Provider value={close}>
        <div className="space-y-3 p-4">{children}</div>
      </CloseDialog.Provider>
    </dialog>
  );
}

function CloseButton({ label }: { label: string }) {
  const close = useContext(CloseDialog);
  return (
    <button
      type="button"
      onClick={close}
      aria-label={label}
      className="ms-auto rounded-md px-2 text-2xl leading-none hover:bg-slate-100 dark:hover:bg-slate-800"
    >
      ×
    </button>
  );
}

interface ChatState {
  loading: boolean;
  creature: CompanionCreature | null;
  messages: ChatMessageView[];
  failure: string | null;
  /** Without a companion: the member has beamkins and chose none (or has none yet). */
  ownsBeamkins?: boolean;
}

function ChatDialog({
  companion,
  onClose,
  draftMessage,
  onSessionEnded,
}: { companion: CompanionData; onClose: () => void } & Pick<CompanionIslandProps, "draftMessage" | "onSessionEnded">) {
  const { t } = useTranslation("beamkins");
  const revalidator = useRevalidator();
  const titleId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [chat, setChat] = useState<ChatState>({
    loading: true,
    creature: companion.creature,
    messages: [],
    failure: null,
  });
  const [text, setText] = useState(draftMessage ?? "");
  const [error, setError] = useState<string | null>(null);
  /**
   * The session ended (a 401): the dialog keeps the text and its form becomes a plain post
   * to the chat, which keeps the text on the server through sign-in and comes back to this
   * page, where the dialog opens with it again (decision 0515).
   */
  const [ended, setEnded] = useState(false);
  const endSession = useCallback(() => {
    setEnded(true);
    // The dialog is kept first, then the page is read again: the header shows signed out.
    onSessionEnded();
    void revalidator.revalidate();
  }, [onSessionEnded, revalidator]);
  const [pending, setPending] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);

  // History loads when the chat opens (and again after a repeated message, below).
  const loadHistory = useCallback(
    (isCancelled: () => boolean = () => false) =>
      fetch(href("/beamkins/chat"), { headers: { Accept: "application/json" } })
        .then((response) => {
          if (response.status === 401 && !isCancelled()) endSession();
          return response.ok ? response.json() : Promise.reject(new Error(String(response.status)));
        })
        .then((body: { result: { creature: CompanionCreature | null; messages: ChatMessageView[]; ownsBeamkins?: boolean } }) => {
          if (isCancelled()) return;
          const { creature, messages, ownsBeamkins } = body.result;
          setChat({ loading: false, creature, messages, failure: null, ownsBeamkins });
        })
        .catch((failure: unknown) => {
          if (isCancelled()) return;
          const unauthorized = failure instanceof Error && failure.message === "401";
          setChat((c) => ({ ...c, loading: false, failure: unauthorized ? null : t("chat.error") }));
        }),
    [t, endSession],
  );
  useEffect(() => {
    let cancelled = false;
    void loadHistory(() => cancelled);
    return () => {
      cancelled = true;
    };
  }, [loadHistory]);

  useEffect(() => {
    const log = list.current?.querySelector<HTMLElement>("[role=log]");
    if (log) log.scrollTop = log.scrollHeight;
  }, [chat.messages.length, pending, chat.failure]);

  const name = chat.creature?.name ?? t("chat.guideName");

  async function send(event: React.FormEvent<HTMLFormElement>) {
    // Ended: the browser posts the form itself, to sign in and come back.
    if (ended) return;
    event.preventDefault();
    if (pending) return;
    const message = text.trim();
    if (!message) {
      setError(t("refusals.empty-message"));
      return;
    }
    const body = new FormData();
    body.set("message", message);
    body.set("creatureId", String(chat.creature?.id ?? 0));
    body.set("hour", String(new Date().getHours()));
    setPending(message);
    setText("");
    setError(null);
    const mine: ChatMessageView = { ID: -Date.now(), Content: message, Role: "user", Timestamp: new Date().toISOString() };
    try {
      const response = await fetch(href("/beamkins/chat"), { method: "POST", body, headers: { Accept: "application/json" } });
      const json = (await response.json().catch(() => null)) as
        | { success: true; result: { creaturemessage: string; new_light: number | null; repeat?: true } }
        | { success: false; message: string }
        | null;
      if (response.ok && json?.success && json.result.repeat) {
        // The same words were just sent (a second press, another tab): they were stored
        // once, so the chat shows what was stored rather than the pair twice.
        await loadHistory();
      } else if (response.ok && json?.success) {
        const reply: ChatMessageView = {
          ID: mine.ID - 1,
          Content: json.result.creaturemessage || t("chat.placeholderReply"),
          Role: "assistant",
          Timestamp: new Date().toISOString(),
        };
        setChat((c) => ({
          ...c,
          failure: null,
          messages: [...c.messages, mine, reply],
          creature: c.creature && json.result.new_light !== null ? { ...c.creature, light: json.result.new_light } : c.creature,
        }));
        // Every meter on the page (and the floating companion's glow) catches up.
        void revalidator.revalidate();
      } else if (response.status === 401) {
        setText(message);
        endSession();
      } else if (json && !json.success && response.status < 500) {
        // Refused (too long, too fast…): the text comes back to the box.
        setText(message);
        setError(json.message);
      } else {
        // As on the chat page: the failure says so, and what they typed comes back to the
        // box to send again (it is not shown as said: it may never have arrived).
        setText((current) => current || message);
        setChat((c) => ({ ...c, failure: t("chat.error") }));
      }
    } catch {
      setText((current) => current || message);
      setChat((c) => ({ ...c, failure: t("chat.error") }));
    } finally {
      setPending(null);
      textarea.current?.focus();
    }
  }

  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <div className="flex items-center gap-3">
        {chat.creature ? <BeamkinArt slug={chat.creature.slug} light={chat.creature.light} size={56} /> : null}
        <h2 id={titleId} className="text-xl font-semibold">
          {chat.creature ? t("chat.title", { name }) : t("chat.titleNone")}
        </h2>
        <CloseButton label={t("chat.close")} />
      </div>
      {chat.creature ? (
        <LightMeter light={chat.creature.light} label={t("meter.named", { name })} />
      ) : chat.loading ? null : (
        // Said once the history has told which it is: no beamkin yet, or none chosen.
        <p className="text-sm">{t(chat.ownsBeamkins ? "chat.noCompanion" : "chat.noCreature")}</p>
      )}
      <div ref={list}>
        {chat.loading ? (
          <p role="status" className="text-sm">
            {t("chat.loading")}
          </p>
        ) : (
          <ChatMessages messages={chat.messages} name={name} pending={pending} failure={chat.failure} className="max-h-72 min-h-24" />
        )}
      </div>
      {ended ? (
        <p role="alert" className="rounded-md border border-amber-600 bg-amber-50 px-3 py-2 font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          {t("chat.sessionEnded")}
        </p>
      ) : (
        <DraftNotice draft={draftMessage ? { message: draftMessage } : null} />
      )}
      <form onSubmit={send} method="post" action={href("/beamkins/chat")} className="space-y-2">
        {ended ? (
          <>
            <input type="hidden" name="creatureId" value={String(chat.creature?.id ?? 0)} />
            <input type="hidden" name={COMPANION_DRAFT_FIELD} value="chat" />
          </>
        ) : null}
        <ChatTextarea
          id={`${titleId}-message`}
          name={name}
          value={text}
          onChange={setText}
          error={error}
          autoFocus
          textareaRef={textarea}
        />
        <div className="flex items-center gap-3">
          <button type="submit" disabled={Boolean(pending)} className={primaryButton}>
            {ended ? t("chat.signInToSend") : pending ? t("chat.sending") : t("chat.send")}
          </button>
          <Link to={href("/chat-demo")} onClick={onClose} className="text-sm underline">
            {t("chat.pageTitle")}
          </Link>
        </div>
      </form>
    </Modal>
  );
}

function BackpackDialog({ companion, onClose }: { companion: CompanionData; onClose: () => void }) {
  const { t } = useTranslation("beamkins");
  const revalidator = useRevalidator();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const creature = companion.creature;
  const corralled = companion.corralled;

  async function toggle() {
    setBusy(true);
    const body = new FormData();
    body.set("corralled", corralled ? "false" : "true");
    try {
      const response = await fetch(href("/beamkins/backpack"), { method: "POST", body, headers: { Accept: "application/json" } });
      const json = (await response.json().catch(() => null)) as { message?: string } | null;
      // An answer that is not the game's (a proxy's error page) still says it failed.
      setNote(json?.message ?? (response.ok ? null : t("chat.error")));
      await revalidator.revalidate();
    } catch {
      setNote(t("chat.error"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <div className="flex items-center gap-3">
        <h2 id={titleId} className="text-xl font-semibold">
          {t("backpack.title")}
        </h2>
        <CloseButton label={t("backpack.close")} />
      </div>
      {creature ? (
        <div className="flex items-center gap-4">
          <BeamkinArt
            slug={creature.slug}
            light={creature.light}
            size={88}
            className={corralled ? "opacity-60 grayscale" : undefined}
          />
          <div className="space-y-2">
            <p data-testid="backpack-dialog-status">
              {t(corralled ? "backpack.corralled" : "backpack.released", { name: creature.name })}
            </p>
            <button type="button" onClick={toggle} disabled={busy} className={`${primaryButton} px-3 py-1.5`}>
              {t(corralled ? "backpack.release" : "backpack.corral", { name: creature.name })}
            </button>
          </div>
        </div>
      ) : (
        <p>{t("backpack.noCompanion")}</p>
      )}
      <p role="status" className="text-sm">
        {note}
      </p>
      <Link to={href("/beamkins")} onClick={onClose} className="inline-block font-medium underline">
        {t("backpack.manage")}
      </Link>
    </Modal>
  );
}
