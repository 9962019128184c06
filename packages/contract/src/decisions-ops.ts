import { MARKETS } from '@kilat/domain'
import { z } from 'zod'
import { DECISION_BANDS, DECISION_REASONS, POLICY_LIMITS, policyRuleSchema, policyRulesSchema } from './decisions.js'
import { fourEyesDecisionBody, fourEyesFields } from './four-eyes.js'
import { defineOpsCall, OPS_API_PREFIX } from './ops.js'
import { opsOrderNo } from './orders.js'
import { STORABLE_TEXT } from './text.js'

/**
 * The staff's side of instant decisions (docs/product/decisions.md): a risk analyst drafts a
 * market's credit policy as a decision table and replays it over past applications; another risk
 * member or an admin publishes it (four eyes). Finance sets how much the system pays out on its
 * own, with four eyes; risk or an admin can send every new order to people (the switch).
 */

export const DECISION_OPS_LIMITS = {
  noteMax: POLICY_LIMITS.note,
  reasonMin: 10,
  reasonMax: 300,
  replayDaysMax: 365,
  /** The most a per-loan or daily limit may be (cents). */
  limitMax: 1_000_000_000_000,
} as const

const market = z.enum(MARKETS)
const band = z.enum(DECISION_BANDS)
const note = z.string().trim().max(DECISION_OPS_LIMITS.noteMax).regex(STORABLE_TEXT)
const cents = (max: number) => z.number().int().min(0).max(max)

export const POLICY_VERSION_STATUSES = ['pending', 'published', 'superseded', 'withdrawn'] as const
export type PolicyVersionStatus = (typeof POLICY_VERSION_STATUSES)[number]

/** A version of a market's policy: its rows, who drafted it and who published or withdrew it. */
export const policyVersionSchema = z.object({
  id: z.number().int(),
  market,
  /** Numbered per market from 1 when published; null while it waits. */
  version: z.number().int().nullable(),
  status: z.enum(POLICY_VERSION_STATUSES),
  rules: z.array(policyRuleSchema),
  note: z.string(),
  publishedAt: z.string().nullable(),
  ...fourEyesFields,
})
export type PolicyVersionView = z.infer<typeof policyVersionSchema>

/** Risk and admins: a market's published policy, the one waiting, and the versions before. */
export const opsPolicies = defineOpsCall({
  method: 'GET',
  path: `${OPS_API_PREFIX}/decisions/policies`,
  roles: ['risk', 'admin'],
  query: z.object({ market }),
  data: z.object({
    published: policyVersionSchema.nullable(),
    pending: policyVersionSchema.nullable(),
    /** Every version, newest first (at most 50). */
    versions: z.array(policyVersionSchema),
  }),
})

/**
 * The maker (a risk analyst): the rows of a new version. Each condition is checked by the engine on
 * the server; a wrong one answers `policyInvalid` naming its row and column. One version waits per
 * market.
 */
export const opsPolicyDraft = defineOpsCall({
  method: 'POST',
  path: `${OPS_API_PREFIX}/decisions/policies/draft`,
  permission: 'creditPolicy.request',
  body: z.object({ market, rules: policyRulesSchema, note }).strict(),
  data: z.object({ version: policyVersionSchema }),
})

/** The checker: another risk member or an admin publishes the waiting version; it decides from the next order on. */
export const opsPolicyPublish = defineOpsCall({
  method: 'POST',
  path: `${OPS_API_PREFIX}/decisions/policies/publish`,
  permission: 'creditPolicy.confirm',
  body: fourEyesDecisionBody,
  data: z.object({ version: policyVersionSchema }),
})

export const opsPolicyWithdraw = defineOpsCall({
  method: 'POST',
  path: `${OPS_API_PREFIX}/decisions/policies/withdraw`,
  permission: 'creditPolicy.cancel',
  body: fourEyesDecisionBody,
  data: z.object({ version: policyVersionSchema }),
})

/** Each band to each band: how many applications of the replay moved from the first to the second. */
export const bandMovesSchema = z.record(band, z.record(band, z.number().int()))

/** What happened to the approved applications that were paid out, by what the draft would have done. */
export const replayOutcomesSchema = z.record(band, z.object({ repaid: z.number().int(), overdue: z.number().int(), running: z.number().int() }))

/**
 * Risk and admins: a version (a draft waiting, or any other) run over the market's applications of
 * the last `days` days, each compared with the decision it had. The answer streams as lines of JSON
 * (`application/x-ndjson`): progress lines, then one result (docs/product/decisions.md#replay).
 */
export const opsPolicyReplay = defineOpsCall({
  method: 'POST',
  path: `${OPS_API_PREFIX}/decisions/replay`,
  roles: ['risk', 'admin'],
  body: z.object({ versionId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER), days: z.number().int().min(1).max(DECISION_OPS_LIMITS.replayDaysMax) }).strict(),
  data: z.object({
    total: z.number().int(),
    moves: bandMovesSchema,
    outcomes: replayOutcomesSchema,
    millis: z.number().int(),
  }),
})

/** One line of the replay's stream. */
export type ReplayLine = { type: 'progress'; done: number; total: number } | ({ type: 'result' } & z.infer<typeof opsPolicyReplay.data>) | { type: 'error'; message: string }

/** One decision of an order, as the order screen and the review queue show it. */
export const orderDecisionSchema = z.object({
  band,
  /** The version of the policy that decided; null when no policy was published (the hard rules alone). */
  policyVersion: z.number().int().nullable(),
  asked: z.number().int(),
  approvedAmount: z.number().int(),
  reasons: z.array(z.enum(DECISION_REASONS)),
  /** The rows of the policy that held, by id, each with its band and reason. */
  fired: z.array(z.object({ id: z.string(), band, reason: z.string() })),
  /** The inputs the policy saw. */
  inputs: z.record(z.string(), z.unknown()),
  /** When the system paid it out on its own: the limit that allowed it. */
  autoPayout: z.object({ perLoanMax: z.number().int(), dailyMax: z.number().int() }).nullable(),
  decidedAt: z.string(),
  micros: z.number().int(),
})

/** Every role of the order's market: how the system decided the order, if it did. */
export const opsOrderDecision = defineOpsCall({
  method: 'GET',
  path: `${OPS_API_PREFIX}/decisions/order`,
  roles: ['agent', 'risk', 'finance', 'collector', 'admin'],
  query: z.object({ orderNo: opsOrderNo }),
  data: z.object({ decision: orderDecisionSchema.nullable() }),
})

/** How much the system pays out on its own in a market: per loan and per local day. */
export const autoPayoutLimitsSchema = z.object({ perLoanMax: z.number().int(), dailyMax: z.number().int() })

export const autoPayoutRequestSchema = z.object({
  id: z.number().int(),
  market,
  perLoanMax: z.number().int(),
  dailyMax: z.number().int(),
  status: z.enum(['pending', 'confirmed', 'withdrawn']),
  ...fourEyesFields,
})

/** Risk, finance and admins: the market's limits, a change waiting, today's total, and the switch. */
export const opsDecisionSettings = defineOpsCall({
  method: 'GET',
  path: `${OPS_API_PREFIX}/decisions/settings`,
  roles: ['risk', 'finance', 'admin'],
  query: z.object({ market }),
  data: z.object({
    /** Zero and zero until finance sets them: every payout waits for two finance members. */
    limits: autoPayoutLimitsSchema,
    pending: autoPayoutRequestSchema.nullable(),
    /** What the system paid out on its own today (the market's local day), against the daily limit. */
    paidToday: z.number().int(),
    paused: z.object({ paused: z.boolean(), by: z.string().nullable(), at: z.string().nullable(), reason: z.string().nullable() }),
  }),
})

/** Finance, the maker: new limits for a market. */
export const opsAutoPayoutRequest = defineOpsCall({
  method: 'POST',
  path: `${OPS_API_PREFIX}/decisions/limits/request`,
  permission: 'autoPayoutLimits.request',
  body: z.object({ market, perLoanMax: cents(DECISION_OPS_LIMITS.limitMax), dailyMax: cents(DECISION_OPS_LIMITS.limitMax) }).strict(),
  data: z.object({ request: autoPayoutRequestSchema }),
})

export const opsAutoPayoutConfirm = defineOpsCall({
  method: 'POST',
  path: `${OPS_API_PREFIX}/decisions/limits/confirm`,
  permission: 'autoPayoutLimits.confirm',
  body: fourEyesDecisionBody,
  data: z.object({ request: autoPayoutRequestSchema }),
})

export const opsAutoPayoutWithdraw = defineOpsCall({
  method: 'POST',
  path: `${OPS_API_PREFIX}/decisions/limits/withdraw`,
  permission: 'autoPayoutLimits.cancel',
  body: fourEyesDecisionBody,
  data: z.object({ request: autoPayoutRequestSchema }),
})

/** Risk or an admin: every new order of the market to people (a fraud wave), or back to the policy. Audited with the reason. */
export const opsDecisionSwitch = defineOpsCall({
  method: 'POST',
  path: `${OPS_API_PREFIX}/decisions/switch`,
  roles: ['risk', 'admin'],
  body: z.object({ market, paused: z.boolean(), reason: z.string().trim().min(DECISION_OPS_LIMITS.reasonMin).max(DECISION_OPS_LIMITS.reasonMax).regex(STORABLE_TEXT) }).strict(),
  data: z.object({ paused: z.boolean() }),
})

export const decisionOpsCalls = {
  opsPolicies,
  opsPolicyDraft,
  opsPolicyPublish,
  opsPolicyWithdraw,
  opsPolicyReplay,
  opsOrderDecision,
  opsDecisionSettings,
  opsAutoPayoutRequest,
  opsAutoPayoutConfirm,
  opsAutoPayoutWithdraw,
  opsDecisionSwitch,
}
