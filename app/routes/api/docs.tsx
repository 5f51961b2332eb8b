import { href } from "react-router";
import { useTranslation } from "~/platform/translations";
import type { Route } from "./+types/docs";
import { callReferences } from "~/features/api/openapi.server";
import { CSRF_COOKIE_NAME, CSRF_HEADER } from "~/features/api/caller.server";
import { getInstance } from "~/platform/i18n.server";
import { PageHeading, pageTitle } from "~/ui/page";
import { DataTable } from "~/ui/data-table";

export const handle = { i18n: ["api"] };

/** The API's reference, rendered on the server from the same schemas as /api/openapi.json. */
export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  return { ...callReferences(t), csrf: { header: CSRF_HEADER, cookie: CSRF_COOKIE_NAME }, title: t("api:docs.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [pageTitle(loaderData?.title, "Glow API reference")];

const code = "rounded bg-slate-100 px-1 font-mono text-sm dark:bg-slate-800";
/** A code sample scrolls sideways: a named region the keyboard reaches, as ui/scroll-region.tsx is (a bare <pre> cannot carry a name). */
const pre = "overflow-x-auto rounded-lg bg-slate-100 p-3 font-mono text-xs leading-relaxed dark:bg-slate-900";

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("api");
  const { groups, components, csrf } = loaderData;
  return (
    <article className="space-y-8" aria-labelledby="api-heading">
      <header className="space-y-3">
        <PageHeading id="api-heading">
          {t("docs.heading")}
        </PageHeading>
        <p>{t("docs.intro")}</p>
        <p>
          <a href={href("/api/openapi.json")} className="underline">
            {t("docs.openapi")}
          </a>{" "}
          <code className={code}>/api/openapi.json</code>
        </p>
      </header>

      <section aria-labelledby="api-envelope" className="space-y-2">
        <h2 id="api-envelope" className="text-xl font-semibold">
          {t("docs.envelopeHeading")}
        </h2>
        <p>{t("docs.envelope", { done: "{ success: true, result }", refused: "{ success: false, type, message, errors? }" })}</p>
      </section>

      <section aria-labelledby="api-auth" className="space-y-2">
        <h2 id="api-auth" className="text-xl font-semibold">
          {t("docs.authHeading")}
        </h2>
        <ul className="list-disc space-y-1 ps-6">
          <li>{t("docs.authMember")}</li>
          <li>{t("docs.authStaff")}</li>
          <li>{t("docs.authCsrf", csrf)}</li>
          <li>{t("docs.authOrigin")}</li>
        </ul>
      </section>

      <nav aria-labelledby="api-contents" className="space-y-2">
        <h2 id="api-contents" className="text-xl font-semibold">
          {t("docs.contents")}
        </h2>
        {groups.map((group) => (
          <div key={group.name}>
            <p className="font-semibold">{group.name}</p>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {group.calls.map((call) => (
                <li key={call.id}>
                  <a href={`#${call.id}`} className="font-mono underline">
                    {call.method} {call.path}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>

      {groups.map((group) => (
        <section key={group.name} aria-label={group.name} className="space-y-6">
          <h2 className="text-2xl font-semibold">{group.name}</h2>
          <p>{group.description}</p>
          {group.calls.map((call) => (
            <section key={call.id} id={call.id} aria-labelledby={`${call.id}-heading`} className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <h3 id={`${call.id}-heading`} className="font-mono text-lg font-semibold break-all">
                {call.method} {call.path}
              </h3>
              <p>{call.summary}</p>
              <p className="text-sm">
                {t(`docs.auth.${call.auth}`)}
                {call.changes ? ` · ${t("docs.changes")}` : ""}
                {call.alsoMethods.length ? ` · ${t("docs.alsoMethods", { methods: call.alsoMethods.join(", ") })}` : ""}
              </p>
              <h4 className="font-semibold">
                {t("docs.takes")}
                {call.takes ? ` (${t(call.takes === "query" ? "docs.takesQuery" : "docs.takesBody")})` : ""}
              </h4>
              {call.fields.length === 0 && !call.openFields ? (
                <p>{t("docs.nothing")}</p>
              ) : (
                <>
                  <DataTable
                    label={`${call.method} ${call.path}: ${t("docs.takes")}`}
                    rows={call.fields}
                    rowKey={(field) => field.name}
                    columns={[
                      { header: t("docs.field"), cell: (field) => field.name, rowHeader: true, className: "font-mono" },
                      { header: t("docs.type"), cell: (field) => field.type, className: "font-mono" },
                      { header: t("docs.required"), cell: (field) => (field.required ? t("docs.yes") : t("docs.no")) },
                      { header: t("docs.about"), cell: (field) => field.description ?? "" },
                    ]}
                  />
                  {call.openFields ? <p className="mt-1 text-sm">{t("docs.anyFields")}</p> : null}
                </>
              )}
              <h4 className="font-semibold">
                <code className={code}>{t("docs.answers")}</code>
              </h4>
              <pre role="region" className={pre} tabIndex={0} aria-label={`${call.method} ${call.path}: ${t("docs.answers")}`}>
                {call.result}
              </pre>
              <h4 className="font-semibold">{t("docs.refusals")}</h4>
              <DataTable
                label={`${call.method} ${call.path}: ${t("docs.refusals")}`}
                rows={call.refusals.map((refusal, i) => ({ ...refusal, i }))}
                rowKey={(refusal) => refusal.i}
                columns={[
                  { header: t("docs.status"), cell: (refusal) => refusal.status, className: "font-mono" },
                  { header: t("docs.errorType"), cell: (refusal) => refusal.type, className: "font-mono" },
                  { header: t("docs.when"), cell: (refusal) => refusal.when },
                ]}
              />
            </section>
          ))}
        </section>
      ))}

      <section aria-labelledby="api-schemas" className="space-y-3">
        <h2 id="api-schemas" className="text-xl font-semibold">
          {t("docs.schemas")}
        </h2>
        {Object.entries(components).map(([name, schema]) => (
          <div key={name} id={`schema-${name}`}>
            <h3 className="font-mono font-semibold">{name}</h3>
            <pre role="region" className={pre} tabIndex={0} aria-label={name}>
              {JSON.stringify(schema, null, 2)}
            </pre>
          </div>
        ))}
      </section>
    </article>
  );
}
