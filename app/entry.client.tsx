import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { getInitialNamespaces } from "remix-i18next/client";
import { browserTranslations } from "~/platform/browser-translations";
import { defaultNamespace } from "~/platform/i18n";
import { listenForMissingFiles } from "~/platform/reload-for-new-files";
import { TranslationsProvider } from "~/platform/translations";

async function hydrate() {
  try {
    await browserTranslations.load([defaultNamespace, ...getInitialNamespaces()]);
  } catch (error) {
    // Without the page's text the browser could only show keys. The page stays as the
    // server rendered it, and works as it does without JavaScript (decision 0527).
    console.warn("The page's translations could not be loaded; it stays as the server sent it.", error);
    return;
  }
  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationsProvider translations={browserTranslations}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </TranslationsProvider>,
    );
  });
}

listenForMissingFiles();
void hydrate();
