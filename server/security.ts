/** Security headers for every response. */
export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  const directives = [
    "default-src 'self'",
    // Vite's dev server injects its own inline modules and a websocket.
    // 'wasm-unsafe-eval' lets the QR scanner compile its WebAssembly reader (served by Glow
    // itself, loaded only on "Scan"); it allows no JavaScript eval (decision 0603).
    dev ? `script-src 'self' 'nonce-${nonce}' 'unsafe-inline' 'wasm-unsafe-eval'` : `script-src 'self' 'nonce-${nonce}' 'wasm-unsafe-eval'`,
    // React's style props are attributes; no third-party styles are loaded.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

export function securityHeaders(secure: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "geolocation=(), microphone=(), camera=(self)",
  };
  if (secure) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
