/** What other features may use of salutes anywhere: the reasons a salute can be reported for. */
export { reportReasons, type ReportReason } from "./report-reasons";
