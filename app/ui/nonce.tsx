import { createContext, useContext } from "react";

/** The per-request CSP nonce, known only while rendering on the server. */
const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
