import { useTranslation } from "~/platform/translations";
import { Form, href } from "react-router";
import { pageLang, supportedLanguages } from "~/platform/i18n";
import { ChoiceButtons } from "./choice-buttons";
import { RedirectField } from "./redirect-field";

/** A form post (works without JavaScript); with JavaScript it also remembers the choice locally. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <Form
      method="post"
      action={href("/preferences/language")}
      className="flex items-center gap-1 text-sm"
      aria-label={t("language.change")}
      onSubmit={(event) => {
        const button = (event.nativeEvent as SubmitEvent).submitter;
        if (button instanceof HTMLButtonElement && button.value) localStorage.setItem("language", button.value);
      }}
    >
      <RedirectField />
      <span className="sr-only">{t("language.label")}</span>
      <ChoiceButtons name="lng" current={i18n.language} choices={supportedLanguages.map((lng) => ({ value: lng, label: t(`language.${lng}`), lang: pageLang(lng) }))} />
    </Form>
  );
}
