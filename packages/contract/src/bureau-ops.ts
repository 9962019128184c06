import { ALL_BUREAUS, MARKETS, RECORD_PROBLEMS } from '@kilat/domain'
import { z } from 'zod'
import { fourEyesDecisionBody, fourEyesFields } from './four-eyes.js'
import { defineOpsCall, OPS_API_PREFIX } from './ops.js'
import { opsOrderNo } from './orders.js'
import { ID_MAX } from './screens.js'

/**
 * Credit bureau reporting (docs/product/credit-reporting.md): finance sees each market's runs, the
 * checks of each, downloads a run's file for each bureau, and marks it sent with a second member
 * (four eyes). A run is built by the job after each period's cut-off, and again on request while it
 * has not been sent; a kept run is never changed.
 */

const market = z.enum(MARKETS)
const bureau = z.enum(ALL_BUREAUS)
const runId = z.coerce.number().int().positive().max(ID_MAX)
const isoString = z.string()
const localDay = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)
/** `yyyy-mm`, or India's halves `yyyy-mm-1` and `yyyy-mm-2`; the server checks it against the market's cadence. */
export const reportingPeriodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])(-[12])?$/)

/** What the run-level checks find: the totals against the ledger, and accounts left out. */
export const RUN_PROBLEMS = ['totals_mismatch', 'account_missing'] as const
export type RunProblem = (typeof RUN_PROBLEMS)[number]

export const BUREAU_SEND_STATUSES = ['pending', 'confirmed', 'withdrawn'] as const

/** "Mark as sent": finance names the bureau and the day it was sent; another member confirms. */
export const bureauSendSchema = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  bureau,
  sentOn: z.string(),
  status: z.enum(BUREAU_SEND_STATUSES),
  ...fourEyesFields,
})
export type BureauSendView = z.infer<typeof bureauSendSchema>

export const bureauRunSchema = z.object({
  id: z.number().int(),
  market,
  period: z.string(),
  /** The build of the period: 1 for the job's, then one more for each rebuild. */
  version: z.number().int(),
  /** `built`: the period's current run; `superseded`: a rebuild replaced it. */
  status: z.enum(['built', 'superseded']),
  /** The period's last local day, and the instant it ended. */
  cutoffOn: z.string(),
  cutoffAt: isoString,
  builtAt: isoString,
  /** Null when the job built it. */
  builtByEmail: z.string().nullable(),
  records: z.number().int(),
  corrections: z.number().int(),
  /** Sums of the records, in cents. */
  balance: z.number().int(),
  overdue: z.number().int(),
  /** What the ledger says the same accounts owed at the cut-off, in cents: must equal `balance`. */
  ledgerBalance: z.number().int(),
  /** Accounts that should be in the run and are not. */
  missing: z.number().int(),
  /** Records with at least one finding. */
  recordsWithErrors: z.number().int(),
  /** No finding and no run-level problem: it may be marked sent. */
  sendable: z.boolean(),
  millis: z.number().int(),
  /** The bureaus of the market, each with its send (null until asked). */
  sends: z.array(z.object({ bureau, files: z.array(z.string()), send: bureauSendSchema.nullable() })),
})
export type BureauRunView = z.infer<typeof bureauRunSchema>

/** Finance and admins: a market's runs, newest period first (at most 36). */
export const opsBureauRuns = defineOpsCall({
  method: 'GET',
  path: `${OPS_API_PREFIX}/bureau/runs`,
  roles: ['finance', 'admin'],
  query: z.object({ market }),
  data: z.object({
    runs: z.array(bureauRunSchema),
    /** The latest closed period of the market, and whether it has a run yet. */
    lastClosedPeriod: z.string(),
  }),
})

export const bureauFindingSchema = z.object({
  orderNo: z.string(),
  problem: z.enum([...RECORD_PROBLEMS, ...RUN_PROBLEMS]),
  /** The layout's own name for the field, or '' for a run-level problem. */
  field: z.string(),
})

/** Finance and admins: one run, its checks and its findings (the first 200). */
export const opsBureauRun = defineOpsCall({
  method: 'GET',
  path: `${OPS_API_PREFIX}/bureau/run`,
  roles: ['finance', 'admin'],
  query: z.object({ runId }),
  data: z.object({
    run: bureauRunSchema,
    findings: z.array(bureauFindingSchema),
    findingsTotal: z.number().int(),
    problems: z.array(z.object({ problem: z.enum(RUN_PROBLEMS), count: z.number().int(), amount: z.number().int() })),
  }),
})

/**
 * Finance: build the period's run again, from the data as it is now (after a fix). Refused before
 * the cut-off (`bureauPeriodOpen`) and once any bureau's send of the period was confirmed
 * (`bureauAlreadySent`: a correction goes in the next run).
 */
export const opsBureauRebuild = defineOpsCall({
  method: 'POST',
  path: `${OPS_API_PREFIX}/bureau/rebuild`,
  roles: ['finance'],
  body: z.object({ market, period: reportingPeriodSchema }).strict(),
  data: z.object({ run: bureauRunSchema }),
})

/**
 * Finance and admins: one of a run's files for a bureau, streamed as text in the bureau's layout
 * (not the JSON envelope unless refused). Refused while the run has errors. Audited.
 */
export const opsBureauDownload = defineOpsCall({
  method: 'GET',
  path: `${OPS_API_PREFIX}/bureau/download`,
  roles: ['finance', 'admin'],
  query: z.object({ runId, bureau, file: z.string().regex(/^[A-Z0-9]{2,8}$/) }),
  data: z.null(),
})

/** Finance, the maker: the run's file was sent to the bureau on that day. */
export const opsBureauSendRequest = defineOpsCall({
  method: 'POST',
  path: `${OPS_API_PREFIX}/bureau/send/request`,
  permission: 'bureauSent.request',
  body: z.object({ runId, bureau, sentOn: localDay }).strict(),
  data: z.object({ send: bureauSendSchema }),
})

export const opsBureauSendConfirm = defineOpsCall({
  method: 'POST',
  path: `${OPS_API_PREFIX}/bureau/send/confirm`,
  permission: 'bureauSent.confirm',
  body: fourEyesDecisionBody,
  data: z.object({ send: bureauSendSchema }),
})

export const opsBureauSendWithdraw = defineOpsCall({
  method: 'POST',
  path: `${OPS_API_PREFIX}/bureau/send/withdraw`,
  permission: 'bureauSent.cancel',
  body: fourEyesDecisionBody,
  data: z.object({ send: bureauSendSchema }),
})

/** What the order screen and a credit-report dispute show: each run that reported the order. */
export const reportedRecordSchema = z.object({
  runId: z.number().int(),
  period: z.string(),
  state: z.string(),
  balance: z.number().int(),
  overdue: z.number().int(),
  daysPastDue: z.number().int(),
  correction: z.boolean(),
  /** The bureaus the run was confirmed sent to. */
  sentTo: z.array(bureau),
})

/** Every role of the order's market that handles complaints: the order's reported records, newest first. */
export const opsBureauOrderRecords = defineOpsCall({
  method: 'GET',
  path: `${OPS_API_PREFIX}/bureau/order`,
  roles: ['agent', 'finance', 'admin'],
  query: z.object({ orderNo: opsOrderNo }),
  data: z.object({
    records: z.array(reportedRecordSchema),
    /** A correction waiting for the next run, when one was asked. */
    correctionPending: z.boolean(),
  }),
})

export const bureauOpsCalls = {
  opsBureauRuns,
  opsBureauRun,
  opsBureauRebuild,
  opsBureauDownload,
  opsBureauSendRequest,
  opsBureauSendConfirm,
  opsBureauSendWithdraw,
  opsBureauOrderRecords,
}
