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
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: true,
  maxAge: YEAR,
});

/** Cookie consent, readable by the server: "yes" or "no". */
export const consentCookie = createCookie("cookiesaccepted", {
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
  /** A form posted after the session ended, given back after sign-in (features/auth/drafts.server.ts). */
  draft: { path: string; at: number; values: Record<string, string> };
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
export const sessionHintCookie = createCookie("glow_signed_in", {
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
export const signedOutCookie = createCookie("glow_signed_out", {
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
      session: SessionStorage<SessionData, SessionFlash>;
      theme: SessionStorage;
      toast: SessionStorage;
    }
  | undefined;

/**
 * A signed cookie whose verified values are remembered. React Router checks a signature
 * with Web Crypto, importing the key each time (~0.3–0.5 ms), and a member's page reads
 * the session, theme and toast cookies, some more than once. The same signed string
 * always verifies the same way under the same secrets, so each is checked once; the
 * memory is per cookie (per secret), bounded, and hands out copies.
 */
export function signedCookie(name: string, options: CookieOptions & { secrets: string[] }): Cookie {
  const cookie = createCookie(name, options);
  const verified = new Map<string, unknown>();
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`(?:^|;)\\s*${escaped}=([^;]*)`);
  const timed = options.maxAge !== undefined || options.expires !== undefined;
  let empty: Promise<string> | undefined;
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
      const raw = header && !parseOptions ? pattern.exec(header)?.[1] : undefined;
      if (raw === undefined) return cookie.parse(header, parseOptions);
      if (!verified.has(raw)) {
        const value: unknown = await cookie.parse(header);
        if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
        verified.set(raw, value);
      }
      return structuredClone(verified.get(raw));
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

const MAX_VERIFIED = 2_000;

/** Cookie storages are created once the master secret is known (see secrets.server). */
function build() {
  storages = {
    session: createCookieSessionStorage<SessionData, SessionFlash>({
      cookie: signedCookie("sessionID", {
        path: "/",
        httpOnly: true,
        secure: true,
        sameSite: "strict",
        maxAge: SESSION_MAX_AGE_SECONDS,
        secrets: [deriveSecret("session-cookie")],
      }),
    }),
    theme: createCookieSessionStorage({
      cookie: signedCookie("theme", {
        path: "/",
        httpOnly: true,
        secure: true,
        sameSite: "lax",
        maxAge: YEAR,
        secrets: [deriveSecret("theme-cookie")],
      }),
    }),
    toast: createCookieSessionStorage({
      cookie: signedCookie("toast", {
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
export const themeStorage = () => (storages ?? build()).theme;
export const toastStorage = () => (storages ?? build()).toast;

/** For tests that switch secrets. */
export function resetCookieStorages() {
  storages = undefined;
}
