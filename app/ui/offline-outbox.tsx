/**
 * Posts kept on the phone while it is offline (decision 0915). Treasure hunts happen
 * outdoors on weak signal: with JavaScript, a claim or a guess made while the browser is
 * offline is kept in local storage, shown as "waiting to send", and sent when the
 * connection returns (on the `online` event, and whenever a page with the outbox opens),
 * so a reload or a closed tab loses nothing. Each kept post carries its own random key:
 * the server answers a key it has seen with the answer it gave, so a resend never counts
 * twice. Without JavaScript the form simply posts.
 */
import { useCallback, useEffect, useSyncExternalStore, type FormEvent } from "react";
import { useTranslation, type TFunction } from "~/platform/translations";
import { useRevalidator } from "react-router";
import { showToast } from "./toaster";

const STORAGE_KEY = "glow:outbox";
const CHANGED = "glow:outbox-changed";

export interface KeptPost {
  key: string;
  /** The address the form posts to (a path of this site). */
  action: string;
  fields: Record<string, string>;
  /** What the member sees in the list ("Claim: The Comet Stone"). */
  label: string;
  keptAt: number;
}

function read(): KeptPost[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as KeptPost[]).filter((p) => typeof p?.key === "string" && typeof p.action === "string") : [];
  } catch {
    return [];
  }
}

function write(posts: KeptPost[]) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(posts));
  cachedText = null;
  window.dispatchEvent(new Event(CHANGED));
}

/** A random key from the browser's generator (randomUUID needs a secure context; this does not). */
export function newPostKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function keepPost(post: Omit<KeptPost, "keptAt">) {
  write([...read().filter((p) => p.key !== post.key), { ...post, keptAt: Date.now() }]);
}

function forget(key: string) {
  write(read().filter((p) => p.key !== key));
}

// useSyncExternalStore wants the same snapshot while nothing changed.
let cachedText: string | null = null;
let cachedPosts: KeptPost[] = [];
function snapshot(): KeptPost[] {
  const text = localStorage.getItem(STORAGE_KEY) ?? "[]";
  if (text !== cachedText) {
    cachedText = text;
    cachedPosts = read();
  }
  return cachedPosts;
}
const none: KeptPost[] = [];

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** What a JSON call answers (platform/respond.server.ts's envelope). */
interface Envelope {
  success: boolean;
  message?: string;
}

let sending = false;

/**
 * Sends every kept post, oldest first. A post that got an answer (done or refused) leaves
 * the outbox with that answer as a toast; one that could not reach Glow (offline, a 5xx)
 * stays for the next try.
 */
async function sendKept(t: TFunction<"offline">, revalidate: () => void) {
  if (sending || !navigator.onLine) return;
  sending = true;
  let changed = false;
  try {
    for (const post of read().sort((a, b) => a.keptAt - b.keptAt)) {
      let response: Response;
      try {
        response = await fetch(post.action, {
          method: "POST",
          headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ ...post.fields, key: post.key }),
          credentials: "same-origin",
        });
      } catch {
        break; // still offline: try again when the connection returns
      }
      if (response.status >= 500) break;
      const body = (await response.json().catch(() => null)) as Envelope | null;
      forget(post.key);
      changed = true;
      const message = body?.message ?? t(response.ok ? "offline:sent" : "offline:refused", { label: post.label });
      showToast({ type: response.ok && body?.success !== false ? "success" : "error", message });
    }
  } finally {
    sending = false;
  }
  if (changed) revalidate();
}

/**
 * The submit handler of a form whose post may be kept: while the browser is offline the
 * post is kept (with a key of its own) instead of failing, to be sent to `sendTo` (an
 * address that answers JSON) when the connection returns; online, the form posts as usual.
 */
export function useKeptSubmit(label: string, sendTo: string) {
  const { t } = useTranslation("offline");
  return useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (navigator.onLine) return;
      event.preventDefault();
      const form = event.currentTarget;
      const fields: Record<string, string> = {};
      for (const [name, value] of new FormData(form, (event.nativeEvent as SubmitEvent).submitter)) {
        if (typeof value === "string" && name !== "key") fields[name] = value;
      }
      keepPost({ key: newPostKey(), action: sendTo, fields, label });
      showToast({ type: "success", message: t("kept", { label }) });
      form.reset();
    },
    [label, sendTo, t],
  );
}

/** The list of posts waiting to send, and the sender that empties it when the connection returns. */
export function OfflineOutbox() {
  const { t } = useTranslation("offline");
  const posts = useSyncExternalStore(subscribe, snapshot, () => none);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const send = () => void sendKept(t, revalidate);
    send();
    window.addEventListener("online", send);
    return () => window.removeEventListener("online", send);
  }, [t, revalidate]);
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="outbox-heading" className="rounded-xl border-2 border-dashed border-amber-500 p-4">
      <h2 id="outbox-heading" className="font-semibold">
        {t("heading", { count: posts.length })}
      </h2>
      <p className="text-sm">{t("help")}</p>
      <ul className="mt-2 space-y-1" aria-live="polite">
        {posts.map((post) => (
          <li key={post.key} className="flex items-center gap-2">
            <span aria-hidden="true">⏳</span>
            <span>{post.label}</span>
            <span className="text-sm text-amber-800 dark:text-amber-300">{t("waiting")}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
