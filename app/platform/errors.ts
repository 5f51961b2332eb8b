/**
 * The spec's error catalogue (section 8) as one typed module, with Glow's CONFLICT and
 * TOO_MANY_REQUESTS (decision 1225). The English texts here are the contract; the screens show the translated `errors:` keys, whose en values are these.
 */
export const buttonActions = ["LOGIN", "RELOAD", "GOBACK"] as const;
export type ButtonAction = (typeof buttonActions)[number];

export interface CatalogueEntry {
  message: string;
  buttonText: string;
  buttonAction: ButtonAction;
}

export const errorCatalogue = {
  EXPIRED_SESSION: {
    message: "Your session has expired, please go back and log in",
    buttonText: "Go back to Login",
    buttonAction: "LOGIN",
  },
  RESOURCES_UNAVAILABLE: {
    message: "Resources unavailable",
    buttonText: "Reload",
    buttonAction: "RELOAD",
  },
  UNKNOWN_ERROR: {
    message: "Unknown error occurred, please try again",
    buttonText: "Reload",
    buttonAction: "GOBACK",
  },
  UNAUTHORIZED: {
    message: "Your session has expired, please go back and log in again",
    buttonText: "Go back to Login",
    buttonAction: "LOGIN",
  },
  NOT_FOUND: {
    message: "The resource you are looking for does not exist.",
    buttonText: "Go back",
    buttonAction: "LOGIN",
  },
  BAD_REQUEST: {
    message: "Something is wrong with your request, please try again",
    buttonText: "Reload",
    buttonAction: "RELOAD",
  },
  FORBIDDEN: {
    message: "Your session has expired, please go back and log in again",
    buttonText: "Go back",
    buttonAction: "LOGIN",
  },
  INTERNAL_SERVER_ERROR: {
    message: "Internal server error",
    buttonText: "Reload",
    buttonAction: "RELOAD",
  },
  // Glow's two beyond the spec's eight (decision 1225): a refusal's type says what kind it
  // is, so a 409 and a 429 are not UNKNOWN_ERROR beside a message that says otherwise.
  CONFLICT: {
    message: "That clashes with what is there now, please reload and look again",
    buttonText: "Reload",
    buttonAction: "RELOAD",
  },
  TOO_MANY_REQUESTS: {
    message: "Too many requests, please wait a moment and try again",
    buttonText: "Go back",
    buttonAction: "GOBACK",
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorType = keyof typeof errorCatalogue;

/** The spec's error object: type, message, buttonText, buttonAction. */
export interface GlowError extends CatalogueEntry {
  type: ErrorType;
}

/**
 * A refusal in the JSON envelope, the one every JSON caller gets whatever refused it (a
 * command, a guard, a body that could not be read, an address that is not there):
 * `type` is the catalogue's, `message` is in the reader's language, `errors` each refused
 * field's message.
 */
export interface RefusalEnvelope {
  success: false;
  type: ErrorType;
  message: string;
  errors?: Record<string, string>;
}

const ENVELOPE_KEYS = new Set(["success", "type", "message", "errors"]);

/** Whether a JSON body is that envelope, and nothing else. */
export function isRefusalEnvelope(value: unknown): value is RefusalEnvelope {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const body = value as Record<string, unknown>;
  if (body.success !== false || typeof body.type !== "string" || !(body.type in errorCatalogue)) return false;
  if (typeof body.message !== "string" || body.message === "") return false;
  if (!Object.keys(body).every((key) => ENVELOPE_KEYS.has(key))) return false;
  const errors = body.errors;
  return errors === undefined || (typeof errors === "object" && errors !== null && Object.values(errors).every((v) => typeof v === "string"));
}

/** What a 403 page is drawn with (respond.server.ts `forbidden`, ui/forbidden-screen.tsx). */
export interface ForbiddenPage {
  /** The page of ours the member came from, for "Go back" without JavaScript. */
  back: string | null;
  /** The asker's own home: /home, or /dashboard for staff. */
  home: string;
  /** What in particular is refused, in the reader's language, when the guard knows. */
  message: string | null;
  /**
   * The tab's title in the reader's language. The root's loader says it too, but a guarded
   * area's middleware refuses before any loader runs (decision 1280), so the refusal carries it.
   */
  title: string | null;
}

/** The 403 page's data from a route error's, or the plainest one. */
export function forbiddenPageOf(given: unknown): ForbiddenPage {
  const page = (typeof given === "object" && given !== null ? given : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  const home = text(page.home);
  // Only a path of this site: the data came from our guard, but a page never links off-site.
  return {
    back: text(page.back),
    home: home?.startsWith("/") && !home.startsWith("//") ? home : "/home",
    message: text(page.message),
    title: text(page.title),
  };
}

export function errorTypeForStatus(status: number): ErrorType {
  switch (status) {
    case 400:
    case 405:
    case 411:
    case 413:
    case 422:
      return "BAD_REQUEST";
    case 401:
      return "UNAUTHORIZED";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 409:
      return "CONFLICT";
    case 429:
      return "TOO_MANY_REQUESTS";
    case 419:
    case 440:
      return "EXPIRED_SESSION";
    case 502:
    case 503:
    case 504:
      return "RESOURCES_UNAVAILABLE";
    default:
      return status >= 500 ? "INTERNAL_SERVER_ERROR" : "UNKNOWN_ERROR";
  }
}

export function glowError(type: ErrorType): GlowError {
  return { type, ...errorCatalogue[type] };
}

export function errorForStatus(status: number): GlowError {
  return glowError(errorTypeForStatus(status));
}

/** Where each button action leads when JavaScript is not there to do more. */
export function fallbackHrefFor(action: ButtonAction | string): string {
  return action === "LOGIN" ? "/" : "/home";
}
