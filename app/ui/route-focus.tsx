import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";

/**
 * After the page changes in the browser (a link or a form that led to another address), a
 * screen reader would otherwise stay silent and the keyboard would start again from a link
 * that may be gone. Focus moves to the new page's heading, which reads its name once (the
 * document's title has changed with it): the heading inside the element marked
 * `data-route-focus` when the page marks one (a post opened above the feed), else its <h1>.
 *
 * Nothing moves on the first load, when only the search or hash changed, or when the new
 * page has put focus somewhere of its own inside <main> (a field it opens on, an error it
 * points at): focus is only taken from <body>, from outside <main>, or from the link or
 * button that started the change.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const shown = useRef(pathname);
  // What had focus when the latest navigation started (the link or button pressed).
  const trigger = useRef<Element | null>(null);
  const wasIdle = useRef(true);

  useEffect(() => {
    const idle = navigation.state === "idle";
    if (!idle && wasIdle.current) trigger.current = document.activeElement;
    wasIdle.current = idle;
  }, [navigation.state]);

  useEffect(() => {
    const from = trigger.current;
    trigger.current = null;
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById("main");
    if (!main) return;
    const active = document.activeElement;
    const placedByPage = active && active !== from && active !== document.body && main.contains(active);
    if (placedByPage) return;
    const marked = main.querySelector<HTMLElement>("[data-route-focus]");
    const target = (marked ?? main).querySelector<HTMLElement>(marked ? "h1, h2" : "h1") ?? marked ?? main;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
