import { useTranslation } from "react-i18next";
import { pageLang, supportedLanguages } from "~/platform/i18n";
import { useFormSubmit } from "./link-navigation";
import { RedirectField } from "./redirect-field";

/** A plain form (works without JavaScript); with JavaScript it also remembers the choice locally. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const onSubmit = useFormSubmit((button) => {
    if (button?.value) localStorage.setItem("language", button.value);
  });
  return (
    <form
      method="post"
      action="/preferences/language"
      className="flex items-center gap-1 text-sm"
      aria-label={t("language.change")}
      onSubmit={onSubmit}
    >
      <RedirectField />
      <span className="sr-only">{t("language.label")}</span>
      {supportedLanguages.map((lng) => (
        <button
          key={lng}
          type="submit"
          name="lng"
          value={lng}
          lang={pageLang(lng)}
          aria-pressed={i18n.language === lng}
          className="toggle rounded-md px-2 py-1"
        >
          {t(`language.${lng}`)}
        </button>
      ))}
    </form>
  );
}
