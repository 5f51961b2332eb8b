/**
 * The spec's error catalogue (section 8) as one typed module. The English texts here are
 * the contract; the screens show the translated `errors:` keys, whose en values are these.
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
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorType = keyof typeof errorCatalogue;

/** The spec's error object: type, message, buttonText, buttonAction. */
export interface GlowError extends CatalogueEntry {
  type: ErrorType;
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
