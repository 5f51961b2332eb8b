import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/translations";
import { data, Form, Link, useNavigation, href } from "react-router";
import type { Route } from "./+types/chat-demo";
import { requireMember } from "~/features/auth/principal.server";
import { BeamkinArt } from "~/features/beamkins/beamkin-art";
import { ChatMessages, ChatTextarea } from "~/features/beamkins/chat-parts";
import { chatHistory, ownsBeamkins, sendChatMessage } from "~/features/beamkins/chat.server";
import { activeCreature } from "~/features/beamkins/creatures.server";
import { beamkinRefusals } from "~/features/beamkins/errors";
import { chatForm } from "~/features/beamkins/forms";
import { dailyVisitBalance } from "~/features/beamkins/light.server";
import { LightMeter } from "~/features/beamkins/light-meter";
import type { FormAnswer } from "~/platform/form-answer";
import { useFormAnswer } from "~/ui/form-answer";
import { parseForm } from "~/platform/forms.server";
import { retryAfterOfAction } from "~/platform/retry-after";
import { isDatabaseUnavailable } from "~/platform/db/unavailable.server";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { isLanguage } from "~/platform/i18n";
import { log } from "~/platform/log.server";
import { invalid, respond } from "~/platform/respond.server";
import { DraftNotice, useDraft } from "~/ui/draft";
import { gapAfter } from "~/ui/text-lang";
import { PageHeading, pageTitle } from "~/ui/page";
import { primaryButton } from "~/ui/buttons";

export const handle = { i18n: ["beamkins"] };

export async function loader({ context }: Route.LoaderArgs) {
  const { member } = await requireMember(context);
  await dailyVisitBalance(member);
  const creature = await activeCreature(member);
  const t = getInstance(context).t;
  return {
    title: t("beamkins:chat.pageTitle"),
    creature: creature ? { id: creature.id, slug: creature.slug, name: t(`beamkins:${creature.name}`), light: creature.light } : null,
    messages: await chatHistory(member.id, creature?.id ?? 0),
    // Without a companion: whether to say "choose one" or "get one".
    ownsBeamkins: creature ? true : await ownsBeamkins(member.id),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Chat Demo")];

/** The chat cap's Retry-After reaches the browser, with JavaScript (data request) and without. */
export const headers = retryAfterOfAction;

/** The chat as a plain form: post, redirect, and the history shows the reply. */
export async function action(args: Route.ActionArgs) {
  const { member } = await requireMember(args.context);
  const form = await parseForm(args.request, chatForm);
  if (!form.ok) return invalid(args, form);
  const locale = getLocale(args.context);
  const t = getInstance(args.context).t;
  let sent;
  try {
    sent = await sendChatMessage({
      member,
      creatureId: form.data.creatureId,
      message: form.data.message,
      language: isLanguage(locale) ? locale : "en",
      t: (key) => t(key),
      hour: form.data.hour,
    });
  } catch (error) {
    // The database being away is answered as the catalogue says, like every page's.
    if (isDatabaseUnavailable(error)) throw error;
    // The spec's chat failure: an assistant bubble saying so; what they typed stays.
    log.error("chat failed", { error: error instanceof Error ? error.message : String(error) });
    return data<FormAnswer>({ values: form.values, errors: { form: t("beamkins:chat.error") }, refusal: CHAT_FAILED }, { status: 503, headers: { "Retry-After": "30" } });
  }
  return respond(args, sent, { values: form.values, refusals: beamkinRefusals, done: () => ({ redirectTo: `${href("/chat-demo")}#latest` }) });
}

/** The answer's mark for a chat that failed (not a refusal): the thread shows the spec's bubble. */
const CHAT_FAILED = "failed";

export default function ChatDemo({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("beamkins");
  const { creature, messages } = loaderData;
  const answer = useFormAnswer();
  const failed = answer?.refusal === CHAT_FAILED;
  const problem = answer ? (answer.errors.message ?? answer.errors.form ?? Object.values(answer.errors)[0] ?? null) : null;
  const draft = useDraft();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction?.startsWith("/chat-demo");
  const name = creature?.name ?? t("chat.guideName");
  const noneText = t(loaderData.ownsBeamkins ? "chat.noCompanion" : "chat.noCreature");
  // With JavaScript the page stays: after a send, the new empty box takes the focus back
  // (autoFocus: it is a new box), and after a refusal the same box does.
  const [sentFromHere, setSentFromHere] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const idle = navigation.state === "idle";
  useEffect(() => {
    if (!sentFromHere || !idle) return;
    const active = document.activeElement;
    if (!active || active === document.body) box.current?.focus();
  }, [sentFromHere, idle, answer]);
  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-center gap-4">
        {creature ? (
          <BeamkinArt slug={creature.slug} light={creature.light} size={88} title={t("art.alt", { name, light: creature.light })} />
        ) : null}
        <div className="min-w-0 flex-1 space-y-2">
          <PageHeading>
            {creature ? t("chat.title", { name }) : t("chat.titleNone")}
          </PageHeading>
          {creature ? (
            <LightMeter light={creature.light} label={t("meter.named", { name })} />
          ) : (
            <p>
              {/* No space after a Chinese full stop (gapAfter). */}
              {`${noneText}${gapAfter(noneText)}`}
              <Link to={href("/beamkins")} className="font-medium underline">
                {t("title")}
              </Link>
            </p>
          )}
        </div>
      </header>

      <ChatMessages
        messages={messages}
        name={name}
        failure={failed ? problem : null}
        className="max-h-[60vh] min-h-40"
      />

      <Form method="post" className="space-y-2" onSubmit={() => setSentFromHere(true)}>
        <DraftNotice draft={answer ? null : draft} />
        <ChatTextarea
          id="chat-message"
          name={name}
          defaultValue={answer?.values.message ?? draft?.message ?? ""}
          error={failed ? null : problem}
          // A new message clears the box: the key follows the thread's newest message (its
          // length stops changing once the history holds its last 50).
          key={messages.at(-1)?.ID ?? 0}
          autoFocus={sentFromHere}
          textareaRef={box}
        />
        <HourField />
        <button type="submit" disabled={sending} className={primaryButton}>
          {sending ? t("chat.sending") : t("chat.send")}
        </button>
      </Form>
    </div>
  );
}

/** With JavaScript, tell the brain the member's own hour (the server's otherwise). */
function HourField() {
  return <input type="hidden" name="hour" value="" data-local-hour suppressHydrationWarning ref={(el) => {
    if (el) el.value = String(new Date().getHours());
  }} />;
}
