import { useTranslation } from "~/platform/translations";
import { Form, href } from "react-router";
import { errorForStatus, type GlowError } from "~/platform/errors";
import { BackLink } from "./way-back";

const buttonClass =
  "inline-block rounded-md bg-glow-700 px-4 py-2 font-semibold text-white hover:bg-glow-900";

/** The spec's error screen: 'Error', 'Oops! Something went wrong.', the message, one button. */
export function ErrorScreen({ status, error }: { status?: number; error?: GlowError }) {
  const { t } = useTranslation("errors");
  const entry = error ?? errorForStatus(status ?? 500);
  const buttonText = t(`types.${entry.type}.buttonText`, { defaultValue: entry.buttonText });
  return (
    <section aria-labelledby="error-heading" className="mx-auto max-w-lg py-12 text-center">
      <h1 id="error-heading" className="text-3xl font-bold">
        {t("screen.heading")}
      </h1>
      <p className="mt-2 text-lg">{t("screen.lead")}</p>
      <p className="mt-4" data-error-type={entry.type}>
        {t(`types.${entry.type}.message`, { defaultValue: entry.message })}
      </p>
      <div className="mt-8">
        <ErrorAction action={entry.buttonAction} text={buttonText} />
      </div>
    </section>
  );
}

function ErrorAction({ action, text }: { action: string; text: string }) {
  switch (action) {
    case "LOGIN":
      // Ends the session on the server, clears the session cookie, then goes to /.
      return (
        <Form method="post" action={href("/session/end")} reloadDocument>
          <button type="submit" className={buttonClass}>
            {text}
          </button>
        </Form>
      );
    case "GOBACK":
      return (
        <BackLink href={href("/home")} className={buttonClass}>
          {text}
        </BackLink>
      );
    default:
      // RELOAD and anything else go to /home.
      return (
        <a href={href("/home")} className={buttonClass}>
          {text}
        </a>
      );
  }
}
