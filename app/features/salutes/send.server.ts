/**
 * The three salute screens' server side, one for all kinds: what a screen loads (the
 * recipient picker, gems left, for secret salutes what arrived and how many are left
 * today) and what its form does (who acts → parse → sendSalute → respond).
 */
import type { RouterContextProvider } from "react-router";
import { requireMember } from "~/features/auth/index.server";
import { parseForm } from "~/platform/forms.server";
import type { Language } from "~/platform/i18n";
import { getInstance, getLocale } from "~/platform/i18n.server";
import { invalid, respond, type ActionArgs } from "~/platform/respond.server";
import { withDates } from "./dates";
import { findRecipient, searchRecipients } from "./recipients.server";
import { SALUTE_RULES } from "./rules";
import { gemsLeft, listReceivedSalutes, saluteRefusals, secretSalutesSentToday, sendSalute, type SaluteKind, type SendSalute } from "./salutes.server";
import { ComplimentForm, SecretSaluteForm, StarSaluteForm } from "./schemas";
import { saluteScreens } from "./screens";

type Context = Readonly<RouterContextProvider>;

/** What a salute screen shows. */
export async function loadSaluteScreen({ request, context }: { request: Request; context: Context }, kind: SaluteKind) {
  const { member } = await requireMember(context);
  const lang = getLocale(context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 50);
  const to = Number(url.searchParams.get("to"));
  const [results, recipient, gems, secret] = await Promise.all([
    q.trim() ? searchRecipients(q, member.id, lang) : Promise.resolve(null),
    to && to !== member.id ? findRecipient(to, lang) : Promise.resolve(null),
    gemsLeft(member.id),
    kind === "secret" ? secretSide(member.id, lang, url) : Promise.resolve(null),
  ]);
  return {
    kind,
    q,
    results,
    recipient,
    gemsLeft: gems,
    secret,
    title: getInstance(context).t(`salutes:${saluteScreens[kind].key}.title`),
  };
}

/** A secret salute screen also lists the secret salutes received, and says how many may still be sent. */
async function secretSide(memberId: number, locale: Language, url: URL) {
  const [received, sentToday] = await Promise.all([listReceivedSalutes(memberId, locale, { kind: "secret" }), secretSalutesSentToday(memberId)]);
  return {
    received: withDates(received, locale),
    highlight: Number(url.searchParams.get("salute")) || null,
    left: Math.max(0, SALUTE_RULES.secretPerDay - sentToday),
  };
}

/** A salute screen's form post. */
export async function sendSaluteAction(args: ActionArgs, kind: SaluteKind) {
  const { member } = await requireMember(args.context);
  const form = await parseSalute(args.request, kind);
  if (!form.ok) return invalid(args, form);
  return respond(args, await sendSalute(form.send(member.id)), {
    values: form.values,
    refusals: saluteRefusals,
    done: (sent, t) => ({ redirectTo: saluteScreens[kind].after(sent), toast: t(`salutes:${saluteScreens[kind].key}.sent`), result: sent }),
  });
}

/** Reads a salute form of `kind`, giving back how to build the send for its sender. */
async function parseSalute(request: Request, kind: SaluteKind) {
  switch (kind) {
    case "compliment": {
      const form = await parseForm(request, ComplimentForm);
      if (!form.ok) return form;
      const v = form.data;
      return { ...form, send: (senderId: number): SendSalute => ({ kind, senderId, recipientId: v.recipientId, message: v.message, gems: v.gems }) };
    }
    case "star": {
      const form = await parseForm(request, StarSaluteForm);
      if (!form.ok) return form;
      const v = form.data;
      return {
        ...form,
        send: (senderId: number): SendSalute => ({ kind, senderId, recipientId: v.recipientId, message: v.message, stars: v.stars, gems: v.gems }),
      };
    }
    case "secret": {
      const form = await parseForm(request, SecretSaluteForm);
      if (!form.ok) return form;
      const v = form.data;
      return { ...form, send: (senderId: number): SendSalute => ({ kind, senderId, recipientId: v.recipientId, prompt: v.prompt, note: v.note }) };
    }
  }
}
