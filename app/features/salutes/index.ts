/** What other features may use of salutes anywhere: report reasons, and form pieces. */
export { reportReasons, type ReportReason } from "./report-reasons";
// Form pieces the staff screens borrow until they move to app/ui (issue 37, point 4).
export { FieldError, FormError, inputClass, primaryButton, secondaryButton } from "./ui";
