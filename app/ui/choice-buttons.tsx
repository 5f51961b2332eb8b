/**
 * A row of submit buttons, one per choice (a language, a theme), the one in force pressed
 * (`aria-pressed`): each press posts its choice as `name=value` in the form around them, so
 * the row works without JavaScript.
 */

/** One choice: what is posted, what the button says, and its language where not the page's. */
export interface Choice {
  value: string;
  label: string;
  lang?: string;
}

export function ChoiceButtons({ name, choices, current }: { name: string; choices: readonly Choice[]; current: string }) {
  return choices.map((choice) => (
    <button
      key={choice.value}
      type="submit"
      name={name}
      value={choice.value}
      lang={choice.lang}
      aria-pressed={current === choice.value}
      className="toggle rounded-md px-2 py-1"
    >
      {choice.label}
    </button>
  ));
}
