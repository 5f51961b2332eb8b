import {
  createCookie,
  createCookieSessionStorage,
  type Cookie,
  type CookieOptions,
  type SessionStorage,
} from "react-router";
import { deriveSecret } from "./secrets.server";

const YEAR = 60 * 60 * 24 * 365;
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 3; // the spec's 3 days

/** The visitor's language choice (read by the i18n middleware). */
export const languageCookie = rememberedCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: true,
  maxAge: YEAR,
});

/** Cookie consent, readable by the server: "yes" or "no". */
export const consentCookie = rememberedCookie("cookiesaccepted", {
  path: "/",
  sameSite: "lax",
  secure: true,
  maxAge: YEAR,
});

export async function readConsent(request: Request): Promise<"yes" | "no" | null> {
  const value: unknown = await consentCookie.parse(request.headers.get("Cookie"));
  return value === "yes" || value === "no" ? value : null;
}

export interface SessionData {
  /** The random session id; the server keeps only its hash. */
  sid: string;
  /**
   * The sign-in in progress (the spec's loginAttemptId), with what the code screen shows:
   * the number the code went to and when (for the countdown from the server's clock).
   */
  loginAttempt: { id: string; phone: string; sentAt: number };
  /**
   * The key of a form posted after the session ended, kept on the server and given back
   * after sign-in (features/auth/drafts.server.ts). Never the typed text itself.
   */
  draft: { key: string };
}
export interface SessionFlash {
  /** One-shot notices for the home screen ('You have successfully logged in!'…). */
  loggedIn: boolean;
  loggedOut: boolean;
}

/**
 * A hint, not a credential: "this browser has a session". SameSite=Lax, so it still
 * arrives on a link from another site when the Strict sessionID cookie does not, and
 * tells the server a same-site bounce will find the session.
 */
export const sessionHintCookie = rememberedCookie("glow_signed_in", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: true,
  maxAge: SESSION_MAX_AGE_SECONDS,
});

/**
 * "This browser signed out on purpose" (decision 0111): a form posted afterwards, from a
 * page still open in another tab, is told the member signed out rather than that the
 * session expired. Set by sign-out, removed by sign-in; it holds nothing else.
 */
export const signedOutCookie = rememberedCookie("glow_signed_out", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: true,
  maxAge: SESSION_MAX_AGE_SECONDS,
});

/** A Set-Cookie header that removes the cookie. */
export const endCookie = (cookie: Cookie) => cookie.serialize("", { maxAge: 0, expires: new Date(0) });

let storages:
  | {
      sessionCookie: RememberedCookie;
      session: SessionStorage<SessionData, SessionFlash>;
      theme: SessionStorage;
      toast: SessionStorage;
    }
  | undefined;

/**
 * A cookie whose parsed values are remembered (decision 0018). React Router checks a
 * signature with Web Crypto, importing the key each time, and decodes every value (base64,
 * URI escapes, JSON) again on each read; a member's page reads the session, theme, toast,
 * language, consent and session-hint cookies, some more than once. The same string always
 * parses (and verifies, under the same secrets) the same way, so each is parsed once; the
 * memory is per cookie (per secret), bounded, and hands out copies of objects.
 */
export interface RememberedCookie extends Cookie {
  /**
   * The remembered value itself, not a copy: for reading a field, never for changing.
   * Null when the header has no such cookie or (signed) it does not verify.
   */
  peek(header: string | null): Promise<unknown>;
}

export function rememberedCookie(name: string, options: CookieOptions = {}): RememberedCookie {
  const cookie = createCookie(name, options);
  const known = new Map<string, unknown>();
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`(?:^|;)\\s*${escaped}=([^;]*)`);
  const timed = options.maxAge !== undefined || options.expires !== undefined;
  let empty: Promise<string> | undefined;
  const remembered = async (header: string) => {
    const raw = pattern.exec(header)?.[1];
    if (raw === undefined) {
      // Absent, or not written the way browsers write cookies: React Router reads it as it is.
      return header.includes(name) ? cookie.parse(header) : null;
    }
    if (!known.has(raw)) {
      const value: unknown = await cookie.parse(header);
      if (known.size >= MAX_REMEMBERED) known.delete(known.keys().next().value!);
      known.set(raw, value);
    }
    return known.get(raw);
  };
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    async parse(header, parseOptions) {
      if (!header || parseOptions) return cookie.parse(header, parseOptions);
      const value = await remembered(header);
      return typeof value === "object" && value !== null ? structuredClone(value) : value;
    },
    async peek(header) {
      return header ? remembered(header) : null;
    },
    serialize(value, serializeOptions) {
      // remix-toast writes the (usually empty) toast session back on every request; with no
      // expiry that cookie is always the same string, so it is signed once.
      if (!serializeOptions && !timed && isEmpty(value)) return (empty ??= cookie.serialize(value));
      return cookie.serialize(value, serializeOptions);
    },
  };
}

const isEmpty = (value: unknown) =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

const MAX_REMEMBERED = 2_000;

/** The cookie a toast waits in for the next page (remix-toast's flash; see toast.server). */
export const TOAST_COOKIE = "toast";

/** Cookie storages are created once the master secret is known (see secrets.server). */
function build() {
  const sessionCookie = rememberedCookie("sessionID", {
    path: "/",
    httpOnly: true,
    secure: true,
    sameSite: "strict",
    maxAge: SESSION_MAX_AGE_SECONDS,
    secrets: [deriveSecret("session-cookie")],
  });
  storages = {
    sessionCookie,
    session: createCookieSessionStorage<SessionData, SessionFlash>({ cookie: sessionCookie }),
    theme: createCookieSessionStorage({
      cookie: rememberedCookie("theme", {
        path: "/",
        httpOnly: true,
        secure: true,
        sameSite: "lax",
        maxAge: YEAR,
        secrets: [deriveSecret("theme-cookie")],
      }),
    }),
    toast: createCookieSessionStorage({
      cookie: rememberedCookie(TOAST_COOKIE, {
        path: "/",
        httpOnly: true,
        secure: true,
        sameSite: "lax",
        secrets: [deriveSecret("toast-cookie")],
      }),
    }),
  };
  return storages;
}

export const sessionStorage = () => (storages ?? build()).session;
export const sessionCookie = () => (storages ?? build()).sessionCookie;
export const themeStorage = () => (storages ?? build()).theme;
export const toastStorage = () => (storages ?? build()).toast;

/** For tests that switch secrets. */
export function resetCookieStorages() {
  storages = undefined;
}
