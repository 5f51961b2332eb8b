import { createContext, useContext, useMemo, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFetchers, useLocation, useSubmit, type SubmitFunction } from "react-router";
import { useHydrated } from "~/islands/client-only";

/** The fetcher key of a post's glow, so its pending state can be found again. */
const glowFetcherKey = (postId: number) => `glow-${postId}`;

/** What every glow form on a page shares, worked out once for the page instead of per post. */
interface GlowForms {
  hydrated: boolean;
  submit: SubmitFunction;
  /** The glow ("on" or "off") a post's form is sending right now, by fetcher key. */
  pending: Map<string, FormDataEntryValue | null | undefined>;
  /** Where a no-JavaScript post comes back to. */
  back: string;
}

const GlowFormsContext = createContext<GlowForms | null>(null);

/**
 * Wraps a list of posts whose glow buttons members can press. A feed page holds twenty of
 * them; the router hooks each form needs run here once rather than twenty times.
 */
export function GlowFormsProvider({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const fetchers = useFetchers();
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  const value = useMemo<GlowForms>(
    () => ({
      hydrated,
      submit,
      pending: new Map(fetchers.filter((f) => f.key.startsWith("glow-")).map((f) => [f.key, f.formData?.get("glow")])),
      back,
    }),
    [hydrated, submit, fetchers, back],
  );
  return <GlowFormsContext.Provider value={value}>{children}</GlowFormsContext.Provider>;
}

/**
 * The glow on a post: a plain form post that toggles it (works without JavaScript and
 * comes back to the same place); with JavaScript it is submitted as a fetcher, so the
 * page stays still and shows the new state at once, and the loaders' fresh counts follow.
 *
 * A plain <form> and one submit function rather than a `useFetcher` per button: a feed
 * page holds twenty of them, and twenty fetcher forms were a sixth of the page's server
 * rendering. Members' buttons need a GlowFormsProvider around the list.
 */
export function GlowButton(props: GlowProps) {
  // Visitors see the count; glowing is for members (the header offers sign-in).
  return props.signedIn ? <GlowForm {...props} /> : <GlowCount glows={props.glows} />;
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

function GlowForm({ postId, glows, glowedByMe }: GlowProps) {
  const { t } = useTranslation("newsfeed");
  const forms = useContext(GlowFormsContext);
  if (!forms) throw new Error("A member's glow button needs a GlowFormsProvider around its list");
  const { hydrated, submit } = forms;
  // While the post (and the reload after it) is under way, show what was asked for.
  const pending = forms.pending.get(glowFetcherKey(postId));
  const glowed = pending ? pending === "on" : glowedByMe;
  const count = pending ? glows + (glowed === glowedByMe ? 0 : glowed ? 1 : -1) : glows;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(event.currentTarget, {
      method: "post",
      action: "/reactions",
      navigate: false,
      fetcherKey: glowFetcherKey(postId),
      preventScrollReset: true,
    });
  };
  return (
    <form method="post" action="/reactions" className="mt-3" onSubmit={hydrated ? onSubmit : undefined}>
      <input type="hidden" name="postId" value={postId} />
      <input type="hidden" name="glow" value={glowed ? "off" : "on"} />
      <input type="hidden" name="redirectTo" value={forms.back} />
      {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={glowed}
        className="toggle rounded-full px-3 py-1 text-sm font-medium"
      >
        {glowMark}
        {` ${glowed ? t("glow.undo") : t("glow.give")}`}
        <span className="ms-1 tabular-nums">{`(${t("glow.count", { count })})`}</span>
      </button>
    </form>
  );
}
