/** Why a recipient reports a salute (shared by the form and the service). */
export const reportReasons = ["unkind", "unwanted", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];
