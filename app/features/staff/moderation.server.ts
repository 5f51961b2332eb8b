/**
 * Handling a report from the moderation queue: hide the salute or restore it, and, with
 * either, warn or suspend its sender. One transaction: the decision, the reporter's notice
 * ("handled", never the outcome for the sender), the sender's warning or suspension, and
 * the trail entries.
 */
import { z } from "zod";
import { transaction } from "~/platform/db/transaction.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import { moderateSalute } from "~/features/salutes/index.server";
import { recordStaffAction, type Actor } from "./audit.server";
import { sendTeamNotice } from "./notices.server";
import { SUSPENSION_REASON_MAX, suspendMemberIn } from "./suspensions.server";

export const senderActions = ["none", "warn", "suspend"] as const;
export type SenderAction = (typeof senderActions)[number];

export const HandleReport = z
  .object({
    saluteId: z.coerce.number({ error: "staff:errors.reportGone" }).int().positive().max(2_147_483_647),
    decision: z.enum(["hide", "restore"], { error: "staff:errors.decision" }),
    sender: z.enum(senderActions, { error: "staff:errors.decision" }).default("none"),
    reason: z.string().trim().max(SUSPENSION_REASON_MAX, { error: "staff:errors.reasonTooLong" }).default(""),
  })
  .refine((form) => form.sender !== "suspend" || form.reason.length > 0, { error: "staff:errors.reasonRequired", path: ["reason"] });

export type HandleReportRefusal = "report-gone" | "admins-only";

export async function handleReport(
  actor: Actor & { isAdmin: boolean },
  input: z.output<typeof HandleReport>,
  now = new Date(),
): Promise<Outcome<{ saluteId: number; decision: "hide" | "restore"; sender: SenderAction }, HandleReportRefusal>> {
  // Suspending a member is an admin's decision, wherever it is asked for.
  if (input.sender === "suspend" && !actor.isAdmin) return refused("admins-only");
  return transaction(async (tx) => {
    const moderated = await moderateSalute(tx, input.saluteId, input.decision === "hide" ? "hidden" : "restored", actor.id, now);
    if (!moderated) return refused("report-gone");
    await recordStaffAction(
      tx,
      actor,
      input.decision === "hide" ? "hide-salute" : "restore-salute",
      { kind: "salute", id: moderated.saluteId },
      { kind: moderated.kind },
      now,
    );
    await sendTeamNotice(tx, moderated.reporterId, "report-handled", now);
    if (input.sender === "warn") {
      await sendTeamNotice(tx, moderated.senderId, "warning", now);
      await recordStaffAction(tx, actor, "warn-member", { kind: "member", id: moderated.senderId }, { saluteId: moderated.saluteId }, now);
    }
    if (input.sender === "suspend") {
      // Already suspended is no reason to leave the report undecided.
      await suspendMemberIn(tx, actor, moderated.senderId, input.reason, now);
    }
    return done({ saluteId: moderated.saluteId, decision: input.decision, sender: input.sender });
  });
}
