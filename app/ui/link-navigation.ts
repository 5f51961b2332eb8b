// Navigation helpers for the header, the feed and the islands. They share one small chunk
// that every page already loads.
import { type FormEvent, type MouseEvent, useCallback, useEffect, useRef } from "react";
import { useNavigate, useNavigation, useRevalidator, useSubmit } from "react-router";

/**
 * One click handler that gives every plain `<a href>` inside an element client-side
 * navigation, as React Router's `<Link>` would.
 *
 * Lists of many links (the newsfeed's twenty post headings) and the site header, on every
 * page, render plain anchors: a `<Link>` runs half a dozen router hooks per link on every
 * server render, a tenth of the feed's rendering. Without JavaScript the anchors are ordinary links; with it, this handler on
 * their container turns a plain left click on a same-origin link into a router navigation.
 * Modified clicks (new tab, download, …) and links with a target keep the browser's behaviour.
 * See docs/decisions/0019-fewer-larger-html-chunks.md.
 */
export function useLinkNavigation() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const anchor = (event.target as Element | null)?.closest?.("a[href]");
    if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
    if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    const here = window.location;
    const samePage = url.pathname === here.pathname && url.search === here.search;
    // An in-page link (the skip link) stays the browser's: it moves focus as well as scrolling.
    if (samePage && url.hash) return;
    event.preventDefault();
    // Like <Link>: following a link to the page one is on replaces the history entry.
    navigate(`${url.pathname}${url.search}${url.hash}`, { replace: samePage });
  };
}

/**
 * The submit handler of a plain `<form>` that React Router's `<Form>` would give it: the
 * post (with the button pressed) goes through the router, without a new document. The
 * header's forms, on every page, use it: a `<Form>` runs several router hooks on every
 * server render, which the page pays for whether or not anyone presses anything. Without
 * JavaScript the form posts as any form does. `before` runs first (e.g. to remember a
 * choice in local storage).
 */
export function useFormSubmit(before?: (submitter: HTMLButtonElement | null) => void) {
  return submitThrough(useSubmit(), before);
}

/** The same handler over another way of sending, such as a fetcher's `submit`. */
export function submitThrough(
  submit: (target: HTMLButtonElement | HTMLFormElement) => Promise<void>,
  before?: (submitter: HTMLButtonElement | null) => void,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (event.defaultPrevented) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const button = submitter instanceof HTMLButtonElement ? submitter : null;
    before?.(button);
    event.preventDefault();
    void submit(button ?? event.currentTarget);
  };
}

/**
 * For checks that run in the background (the feed's poll, the session check): fetch the
 * page's data again, unless the member is already on the way to another page. A
 * revalidation started during a navigation restarts it, and the page being left could
 * read the one-shot notices ('You have successfully logged out!') before the page
 * arriving does. The new page brings fresh data anyway.
 *
 * The returned function keeps its identity, so a timer set up once can hold it.
 */
export function useBackgroundRevalidate(): () => Promise<void> {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const latest = useRef({ revalidator, navigating: navigation.state !== "idle" });
  useEffect(() => {
    latest.current = { revalidator, navigating: navigation.state !== "idle" };
  }, [revalidator, navigation.state]);
  return useCallback(async () => {
    if (latest.current.navigating) return;
    await latest.current.revalidator.revalidate();
  }, []);
}
