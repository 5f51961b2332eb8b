import { Trans, useTranslation } from "~/platform/translations";
import { Section } from "~/ui/section";
import type { AvatarStyle } from "./look";

export interface ArtCreditView {
  style: AvatarStyle;
  title: string;
  creator: string;
  source: string;
  license: { name: string; url: string };
}

/**
 * Credits for the avatar art, as CC BY 4.0 requires (title, creator, source, licence,
 * and that it was changed); the CC0 styles are credited too, as a courtesy.
 */
export function ArtCredits({ credits }: { credits: ArtCreditView[] }) {
  const { t } = useTranslation("avatar");
  return (
    <Section id="art-credits" heading={t("credits.heading")} quiet className="text-sm text-slate-700 dark:text-slate-300">
      <ul className="space-y-1">
        {credits.map((c) => (
          <li key={c.style}>
            {/* One sentence per language: its quotes (“…” or 《…》), commas and dash. */}
            <Trans
              t={t}
              i18nKey={c.license.name.startsWith("CC BY") ? "credits.entryChanged" : "credits.entry"}
              values={{ style: t(`styles.${c.style}`), title: c.title, creator: c.creator, license: c.license.name }}
              components={{
                source: <a href={c.source} className="underline" rel="noreferrer" />,
                license: <a href={c.license.url} className="underline" rel="license noreferrer" />,
              }}
            />
          </li>
        ))}
      </ul>
      <p>{t("credits.dicebear")}</p>
    </Section>
  );
}
