import { createContext, useContext, useId, useMemo, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "~/platform/translations";
import { useFetchers, useLocation, useSubmit, href } from "react-router";
import { useHydrated } from "~/ui/client-only";

/** The fetcher key of a post's glow, so its pending state can be found again. */
const glowFetcherKey = (postId: number | string) => `glow-${postId}`;

/** A glow button's value: the post and the state it asks for ("39:on"); see reactions.ts. */
export const glowValue = (postId: number, on: boolean) => `${postId}:${on ? "on" : "off"}`;

/** What every glow button of a list shares, worked out once instead of per post. */
interface GlowForms {
  /** The id of the list's one form, which each button names in its `form` attribute. */
  formId: string;
  /** The glow ("on" or "off") a post's button is sending right now, by fetcher key. */
  pending: Map<string, string>;
}

const GlowFormsContext = createContext<GlowForms | null>(null);

/**
 * Wraps a list of posts whose glow buttons members can press, and holds the list's one
 * form. Each button belongs to it through its `form` attribute and sends its own post and
 * wish as its value, so a feed page of twenty posts carries one form instead of twenty forms
 * of four fields each (docs/decisions/0023).
 *
 * Without JavaScript the form posts and comes back to the same place. With it, the press
 * goes out as a fetcher keyed by the post, so the page stays still, shows the new state at
 * once, and the loaders' fresh counts follow.
 */
export function GlowFormsProvider({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const formId = `glow-form-${useId()}`;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const fetchers = useFetchers();
  const location = useLocation();
  const value = useMemo<GlowForms>(() => {
    const pending = new Map<string, string>();
    for (const fetcher of fetchers) {
      const wish = fetcher.key.startsWith("glow-") ? fetcher.formData?.get("glow") : null;
      if (typeof wish === "string") pending.set(fetcher.key, wish.slice(wish.indexOf(":") + 1));
    }
    return { formId, pending };
  }, [formId, fetchers]);
  if (!signedIn) return <>{children}</>;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const button = (event.nativeEvent as SubmitEvent).submitter;
    const wish = button?.getAttribute("value");
    if (!(button instanceof HTMLButtonElement) || !wish) return;
    event.preventDefault();
    submit(button, {
      method: "post",
      action: href("/reactions"),
      navigate: false,
      fetcherKey: glowFetcherKey(wish.slice(0, wish.indexOf(":"))),
      preventScrollReset: true,
    });
  };
  return (
    <GlowFormsContext.Provider value={value}>
      <form id={formId} method="post" action={href("/reactions")} onSubmit={hydrated ? onSubmit : undefined}>
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
      </form>
      {children}
    </GlowFormsContext.Provider>
  );
}

/**
 * The glow on a post: members get a button that toggles it (in the list's form, see
 * GlowFormsProvider); visitors see the count (the header offers sign-in).
 */
export function GlowButton(props: GlowProps) {
  return props.signedIn ? <GlowToggle {...props} /> : <GlowCount glows={props.glows} />;
}

interface GlowProps {
  postId: number;
  glows: number;
  glowedByMe: boolean;
  signedIn: boolean;
}

const glowMark = <span aria-hidden="true">✨</span>;

function GlowCount({ glows }: { glows: number }) {
  const { t } = useTranslation("newsfeed");
  return (
    <p className="muted mt-3 text-sm">
      {glowMark}
      {` ${t("glow.count", { count: glows })}`}
    </p>
  );
}

function GlowToggle({ postId, glows, glowedByMe }: GlowProps) {
  const { t } = useTranslation("newsfeed");
  const forms = useContext(GlowFormsContext);
  if (!forms) throw new Error("A member's glow button needs a GlowFormsProvider around its list");
  // While the post (and the reload after it) is under way, show what was asked for.
  const pending = forms.pending.get(glowFetcherKey(postId));
  const glowed = pending ? pending === "on" : glowedByMe;
  const count = pending ? glows + (glowed === glowedByMe ? 0 : glowed ? 1 : -1) : glows;
  return (
    <button
      type="submit"
      form={forms.formId}
      name="glow"
      value={glowValue(postId, !glowed)}
      aria-pressed={glowed}
      className="toggle mt-3 rounded-full px-3 py-1 text-sm font-medium"
    >
      {glowMark}
      {` ${glowed ? t("glow.undo") : t("glow.give")}`}
      <span className="ms-1 tabular-nums">{t("glow.countInButton", { count })}</span>
    </button>
  );
}
