/**
 * The avatar styles to choose from, each a card with a face in that style drawn from one
 * seed, its radio and its name (checked: the card is marked). Signup shows large faces, the
 * first look a newcomer picks; the creator small ones beside its other options.
 */
import { useTranslation } from "~/platform/translations";
import { avatarStyles, previewUrl, type AvatarStyle } from "./look";

const looks = {
  // The faces are what a newcomer chooses by, so each says what it shows.
  large: { grid: "gap-3 sm:grid-cols-4", card: "gap-2 p-3", size: 80, face: "h-20 w-20" },
  // Beside the creator's own preview and each style's name, a face adds nothing to read.
  small: { grid: "gap-2 md:grid-cols-4", card: "gap-1 p-2 text-sm", size: 56, face: "h-14 w-14" },
} as const;

export function StyleChoices({
  seed,
  chosen,
  onChoose,
  size,
}: {
  seed: string;
  chosen: string;
  /** Set: the radios follow `chosen` (a creator that redraws as it changes); unset: a plain form's radios. */
  onChoose?: (style: AvatarStyle) => void;
  size: keyof typeof looks;
}) {
  const { t } = useTranslation("avatar");
  const look = looks[size];
  return (
    <div className={`mt-2 grid grid-cols-2 ${look.grid}`}>
      {avatarStyles.map((s) => (
        <label
          key={s}
          className={`flex cursor-pointer flex-col items-center rounded-lg border border-slate-300 has-[:checked]:border-glow-700 has-[:checked]:bg-glow-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus dark:border-slate-700 dark:has-[:checked]:bg-slate-800 ${look.card}`}
        >
          <img
            src={previewUrl({ style: s, seed, clip: "true" })}
            alt={size === "large" ? t("signup.lookAlt", { style: t(`styles.${s}`) }) : ""}
            width={look.size}
            height={look.size}
            loading={size === "small" ? "lazy" : undefined}
            className={look.face}
          />
          {/* A style's name stays on one line ("像素风", "Personas"). */}
          <span className={`flex items-center whitespace-nowrap ${size === "large" ? "gap-2" : "gap-1"}`}>
            <input
              type="radio"
              name="style"
              value={s}
              {...(onChoose ? { checked: chosen === s, onChange: () => onChoose(s) } : { defaultChecked: chosen === s })}
              className="accent-glow-700"
            />
            {t(`styles.${s}`)}
          </span>
        </label>
      ))}
    </div>
  );
}
