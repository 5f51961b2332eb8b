/**
 * The story's panels: the companion telling a newcomer what Glow is (or welcoming a
 * returning member back), one panel per page, each a link to the next: it reads the same
 * without JavaScript.
 */
import { useTranslation } from "~/platform/translations";
import { Link, href } from "react-router";
import { BeamkinArt } from "~/features/beamkins";
import { lazyIsland } from "~/ui/client-only";
import type { KeyIn } from "~/locales/types";
import { primaryButton } from "~/ui/buttons";

const StorySound = lazyIsland(() => import("./story-sound"));

/** The story's way on, larger than a form's button: the one thing each panel asks. */
const storyButton = `${primaryButton} px-5 py-2.5 text-lg`;

export interface StoryProps {
  variant: "new" | "returning";
  panel: number;
  panels: number;
  end: string;
  speaker: { slug: string; name: string; light: number };
  memberName: string | null;
  news: { playing: number; boxes: number } | null;
  memberMuted: boolean | null;
}

/** Each panel's scene behind the companion. */
function Scene({ panel, variant, children }: { panel: number; variant: string; children: React.ReactNode }) {
  const sky = variant === "returning" ? ["#1e1b4b", "#312e81"] : [["#0f172a", "#1e293b"], ["#1e293b", "#334155"], ["#172554", "#1e3a8a"], ["#3b0764", "#581c87"]][(panel - 1) % 4]!;
  return (
    <div className="relative overflow-hidden rounded-3xl p-6 text-white" style={{ background: `linear-gradient(160deg, ${sky[0]}, ${sky[1]})` }}>
      <svg aria-hidden="true" viewBox="0 0 300 80" className="absolute inset-x-0 top-0 h-20 w-full opacity-70">
        {Array.from({ length: 14 }, (_, i) => (
          <circle key={i} cx={(i * 53) % 300} cy={(i * 29) % 70} r={i % 3 === 0 ? 1.6 : 1} fill="#fef9c3" />
        ))}
      </svg>
      <div className="relative flex flex-col items-center gap-4 sm:flex-row sm:items-end">{children}</div>
    </div>
  );
}

export function StoryPanel(props: StoryProps) {
  const { t } = useTranslation("quests");
  const { variant, panel, panels, end, speaker } = props;
  const key = `story.${variant}.${panel}`;
  const values = {
    name: speaker.name,
    member: props.memberName ?? "",
    playing: props.news?.playing ?? 0,
    boxes: props.news?.boxes ?? 0,
    count: props.news?.playing ?? 0,
  };
  const last = panel === panels;
  const at = (n: number) => (n === 0 ? href("/start") : `${href("/story-landing")}?panel=${n}`);
  return (
    <article aria-labelledby="story-heading" className="space-y-5">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-glow-700 dark:text-glow-300">{t("story.part", { panel, panels })}</p>
        <StorySound panel={panel} memberMuted={props.memberMuted} />
      </div>
      <Scene panel={panel} variant={variant}>
        <BeamkinArt slug={speaker.slug} light={variant === "new" ? 30 + panel * 15 : speaker.light} size={140} title={speaker.name} />
        <div className="space-y-2">
          <h1 id="story-heading" className="font-righteous text-3xl">
            {t(`${key}.title` as KeyIn<"quests">, values)}
          </h1>
          <p className="text-lg">{t(`${key}.text` as KeyIn<"quests">, values)}</p>
          {variant === "returning" && panel === 2 && props.news && props.news.boxes > 0 ? <p>{t("story.returning.boxes", { count: props.news.boxes })}</p> : null}
        </div>
      </Scene>
      <nav aria-label={t("story.nav")} className="flex flex-wrap items-center justify-between gap-3">
        {panel > 1 || variant === "new" ? (
          <Link to={at(panel - 1)} className="underline" preventScrollReset>
            {t("story.back")}
          </Link>
        ) : (
          <span />
        )}
        {last ? (
          <Link to={end} className={storyButton}>
            {t(`story.${variant}.go`)}
          </Link>
        ) : (
          <Link to={at(panel + 1)} className={storyButton} preventScrollReset>
            {t("story.next")}
          </Link>
        )}
      </nav>
    </article>
  );
}

export function StoryCover({ speaker, memberMuted }: Pick<StoryProps, "speaker" | "memberMuted">) {
  const { t } = useTranslation("quests");
  return (
    <article aria-labelledby="start-heading" className="space-y-5">
      <div className="flex justify-end">
        <StorySound panel={0} memberMuted={memberMuted} />
      </div>
      <Scene panel={1} variant="new">
        <BeamkinArt slug={speaker.slug} light={30} size={160} title={speaker.name} />
        <div className="space-y-2">
          <h1 id="start-heading" className="font-pacifico text-4xl">
            {t("story.cover.title")}
          </h1>
          <p className="text-lg">{t("story.cover.text", { name: speaker.name })}</p>
        </div>
      </Scene>
      <p className="flex flex-wrap items-center gap-4">
        <Link to={`${href("/story-landing")}?panel=1`} className={storyButton}>
          {t("story.begin")}
        </Link>
        <span className="text-sm">{t("story.soundNote")}</span>
      </p>
    </article>
  );
}
