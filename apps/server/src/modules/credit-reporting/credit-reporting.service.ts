/**
 * Credit bureau reporting (docs/product/credit-reporting.md): what other parts of the server use of
 * this module. The complaints module reads an order's reported records and asks for a correction
 * when a credit-report dispute is resolved.
 */
export { reportedRecordsOf, requestCorrection, disputeStatesOf, correctionPendingOf, type ReportedRecord } from './corrections.js'
export { buildRun } from './build.js'
export { runReportingJob } from './job.js'
