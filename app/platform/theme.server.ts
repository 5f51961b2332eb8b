import { createThemeSessionResolver } from "remix-themes";
import type { SessionStorage } from "react-router";
import { themeStorage } from "./cookies.server";

/** remix-themes reads the storage lazily, after the master secret is loaded. */
const lazyThemeStorage: SessionStorage = {
  getSession: (...args) => themeStorage().getSession(...args),
  commitSession: (...args) => themeStorage().commitSession(...args),
  destroySession: (...args) => themeStorage().destroySession(...args),
};

export const themeSessionResolver = createThemeSessionResolver(lazyThemeStorage);
