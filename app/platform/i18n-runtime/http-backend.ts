/** The browser build's stand-in for i18next-http-backend: ./i18next.ts fetches bundles itself. */
export default class HttpBackend {
  static type = "backend" as const;
  type = "backend" as const;
}
