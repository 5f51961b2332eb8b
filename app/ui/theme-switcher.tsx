import { useTranslation } from "~/platform/translations";
import { useFetcher, useRouteLoaderData, href } from "react-router";
import { ChoiceButtons } from "./choice-buttons";
import { RedirectField } from "./redirect-field";

const choices = ["light", "dark", "system"] as const;

/** Light, dark or system. A form post without JavaScript; no reload with it. */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const root = useRouteLoaderData("root") as { theme: string | null } | undefined;
  const pending = fetcher.formData?.get("theme");
  const current = typeof pending === "string" ? pending : (root?.theme ?? "system");
  // With JavaScript the press goes out through the fetcher, so the page stays as it is.
  return (
    <fetcher.Form
      method="post"
      action={href("/preferences/theme")}
      className="flex items-center gap-1 text-sm"
      aria-label={t("theme.label")}
    >
      <RedirectField />
      <ChoiceButtons name="theme" current={current} choices={choices.map((choice) => ({ value: choice, label: t(`theme.${choice}`) }))} />
    </fetcher.Form>
  );
}
