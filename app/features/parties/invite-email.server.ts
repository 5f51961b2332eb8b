/**
 * An invitation's email, plain text and HTML with the same content, in the invitee's
 * language: who invites, to which party (and contest, and role), the link, and the party's
 * join code for typing into Glow instead.
 */
import { escapeHtml } from "~/platform/escape-html";
import { translatorFor } from "~/platform/i18n.server";
import type { Language } from "~/platform/i18n";
import type { PartyRole } from "~/platform/db/schema";

export interface InviteEmailFacts {
  language: Language;
  inviter: string;
  party: string;
  motto: string;
  contest: string | null;
  role: PartyRole;
  link: string;
  /** The join code as printed ("K7P-M3Q"). */
  code: string;
  expiresAt: Date;
}

export async function inviteEmail(facts: InviteEmailFacts) {
  const t = await translatorFor(facts.language);
  const until = new Intl.DateTimeFormat(facts.language, { dateStyle: "long", timeZone: "UTC" }).format(facts.expiresAt);
  const values = { inviter: facts.inviter, party: facts.party, contest: facts.contest ?? "", code: facts.code, date: until };
  const invitation = t(facts.contest ? "parties:email.invite.invitesInContest" : "parties:email.invite.invites", values);
  const role = facts.role === "ringleader" ? t("parties:email.invite.asRingleader", values) : "";
  const lines = {
    greeting: t("parties:email.invite.greeting"),
    invitation: role ? `${invitation} ${role}` : invitation,
    motto: facts.motto ? t("parties:email.invite.motto", { motto: facts.motto }) : "",
    accept: t("parties:email.invite.accept"),
    code: t("parties:email.invite.code"),
    expires: t("parties:email.invite.expires", values),
    ignore: t("parties:email.invite.ignore"),
  };
  const text = [
    lines.greeting,
    "",
    lines.invitation,
    ...(lines.motto ? [lines.motto] : []),
    "",
    `${lines.accept} ${facts.link}`,
    "",
    `${lines.code} ${facts.code}`,
    "",
    lines.expires,
    lines.ignore,
  ].join("\n");
  const html = [
    `<!doctype html><html lang="${facts.language === "zh" ? "zh-Hans" : "en"}"><body style="font-family: sans-serif; line-height: 1.5">`,
    `<p>${escapeHtml(lines.greeting)}</p>`,
    `<p>${escapeHtml(lines.invitation)}</p>`,
    lines.motto ? `<p><em>${escapeHtml(lines.motto)}</em></p>` : "",
    `<p>${escapeHtml(lines.accept)} <a href="${escapeHtml(facts.link)}">${escapeHtml(facts.link)}</a></p>`,
    `<p>${escapeHtml(lines.code)} <strong style="font-family: monospace; font-size: 1.25em; letter-spacing: 0.1em">${escapeHtml(facts.code)}</strong></p>`,
    `<p>${escapeHtml(lines.expires)}<br>${escapeHtml(lines.ignore)}</p>`,
    "</body></html>",
  ].join("");
  return { subject: t("parties:email.invite.subject", values), text, html };
}
