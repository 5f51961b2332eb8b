/**
 * The browser's react-i18next: `useTranslation`, `I18nextProvider`, `Trans` and
 * `initReactI18next` over the slim runtime in ./i18next.ts. Swapped in for the real
 * package in the browser build only (see vite.config.ts).
 */
import {
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  use,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from "react";
import defaultInstance, { type I18n, type TFunction, type TOptions } from "./i18next";

const I18nContext = createContext<I18n>(defaultInstance);

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export const initReactI18next = { type: "3rdParty" as const, init() {} };

export function useTranslation(ns?: string | string[], options?: { keyPrefix?: string; i18n?: I18n }) {
  const fromContext = useContext(I18nContext);
  const i18n = options?.i18n ?? fromContext;
  const version = useSyncExternalStore(i18n.subscribe, i18n.getVersion, i18n.getVersion);
  const namespaces = ns ? (typeof ns === "string" ? [ns] : ns) : [i18n.defaultNS];
  const missing = namespaces.filter((n) => !i18n.hasLoadedNamespace(n));
  // Suspends (inside the navigation's transition) until a new route's namespace arrives.
  if (missing.length > 0) use(i18n.loadNamespaces(missing));
  const nsKey = namespaces.join(",");
  const t = useMemo(
    () => i18n.getFixedT(null, nsKey.split(","), options?.keyPrefix),
    // `version` changes when the language or the loaded bundles change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n, nsKey, options?.keyPrefix, version],
  );
  const result = [t, i18n, true] as unknown as [TFunction, I18n, boolean] & {
    t: TFunction;
    i18n: I18n;
    ready: boolean;
  };
  result.t = t;
  result.i18n = i18n;
  result.ready = true;
  return result;
}

/**
 * `<Trans i18nKey="…" values={…} components={…} />`: translated text whose `<0>…</0>` or
 * `<name>…</name>` tags become the given elements.
 */
export function Trans({
  i18nKey,
  ns,
  values,
  components,
  defaults,
  t: givenT,
}: {
  i18nKey: string;
  ns?: string | string[];
  values?: Record<string, unknown>;
  components?: readonly ReactElement[] | Record<string, ReactElement>;
  defaults?: string;
  t?: TFunction;
}) {
  const { t: hookT } = useTranslation(ns);
  const t = givenT ?? hookT;
  const text = t(i18nKey, { ...(values as TOptions), defaultValue: defaults });
  return <>{renderTags(text, components ?? [])}</>;
}

function renderTags(
  text: string,
  components: readonly ReactElement[] | Record<string, ReactElement>,
): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/gs;
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const name = match[1] ?? match[3]!;
    const element = (components as Record<string, ReactElement>)[name];
    const inner = match[2];
    if (element && isValidElement(element)) {
      out.push(
        cloneElement(element, { key: index++ }, inner !== undefined ? renderTags(inner, components) : undefined),
      );
    } else {
      out.push(<Fragment key={index++}>{inner ?? ""}</Fragment>);
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
