import i18next from "i18next";
import HttpBackend from "i18next-http-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { getInitialNamespaces } from "remix-i18next/client";
import { defaultNamespace, fallbackLanguage, languageOfPageLang, localesLoadPath, supportedLanguages } from "~/platform/i18n";

async function hydrate() {
  // The server already chose the language; the <html lang> attribute carries it.
  const lng = languageOfPageLang(document.documentElement.lang);
  await i18next
    .use(initReactI18next)
    .use(HttpBackend)
    .init({
      lng,
      fallbackLng: fallbackLanguage,
      supportedLngs: [...supportedLanguages],
      defaultNS: defaultNamespace,
      fallbackNS: defaultNamespace,
      ns: [defaultNamespace, ...getInitialNamespaces()],
      interpolation: { escapeValue: false },
      // The spec's translation load retry: 350 ms apart, up to 5 times.
      retryTimeout: 350,
      maxRetries: 5,
      backend: { loadPath: localesLoadPath },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate().catch((error) => console.error(error));
