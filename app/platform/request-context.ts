import { createContext } from "react-router";

/** What the Node shell knows about a request and hands to loaders and actions. */
export interface RequestInfo {
  /** Per-request CSP nonce for inline scripts. */
  nonce: string;
  /** The client's address as seen through TRUST_PROXY hops. */
  clientIp: string;
  /** Whether the visitor reached us over https (directly or at the trusted proxy). */
  secure: boolean;
}

export const requestInfoContext = createContext<RequestInfo>({
  nonce: "",
  clientIp: "0.0.0.0",
  secure: false,
});
