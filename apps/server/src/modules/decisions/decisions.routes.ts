import type { FastifyInstance } from 'fastify'
import {
  opsAutoPayoutConfirm,
  opsAutoPayoutRequest,
  opsAutoPayoutWithdraw,
  opsDecisionSettings,
  opsDecisionSwitch,
  opsOrderDecision,
  opsPolicies,
  opsPolicyDraft,
  opsPolicyPublish,
  opsPolicyReplay,
  opsPolicyWithdraw,
} from '@kilat/contract'
import { sendJsonLines } from '../../http/csv-download.js'
import { registerCall } from '../../http/route.js'
import { decideLimits, requestLimits, setSwitch, settingsOf } from './limits.js'
import { orderDecisionOf } from './order-decision.js'
import { draftPolicy, policiesOf, policyForReplay, publishPolicy, withdrawPolicy } from './policies.desk.js'
import { replay } from './replay.js'

export interface DecisionOptions {
  now: () => Date
}

/** Instant decisions by staff (docs/product/decisions.md): the policy's versions, the replay, the limits and the switch. */
export async function decisionRoutes(app: FastifyInstance, { now }: DecisionOptions): Promise<void> {
  const deps = { db: app.db, now }
  registerCall(app, opsPolicies, ({ staff, query }) => policiesOf(deps, staff, query.market))
  registerCall(app, opsPolicyDraft, ({ staff, body, req }) => draftPolicy(deps, staff, req.ip, body))
  registerCall(app, opsPolicyPublish, ({ staff, body, req }) => publishPolicy(deps, staff, req.ip, body.requestId))
  registerCall(app, opsPolicyWithdraw, ({ staff, body, req }) => withdrawPolicy(deps, staff, req.ip, body.requestId))
  registerCall(app, opsOrderDecision, ({ staff, query }) => orderDecisionOf(app.db, staff, query.orderNo))
  registerCall(app, opsDecisionSettings, ({ staff, query }) => settingsOf(deps, staff, query.market))
  registerCall(app, opsAutoPayoutRequest, ({ staff, body, req }) => requestLimits(deps, staff, req.ip, body))
  registerCall(app, opsAutoPayoutConfirm, ({ staff, body, req }) => decideLimits(deps, staff, req.ip, body.requestId, 'confirm'))
  registerCall(app, opsAutoPayoutWithdraw, ({ staff, body, req }) => decideLimits(deps, staff, req.ip, body.requestId, 'withdraw'))
  registerCall(app, opsDecisionSwitch, ({ staff, body, req }) => setSwitch(deps, staff, req.ip, body))
  registerCall(app, opsPolicyReplay, async ({ staff, body, reply }) => {
    const policy = await policyForReplay(app.db, staff, body.versionId)
    await sendJsonLines(reply, replay(app.db, policy, body.days, now()), { kind: 'replay', policy: policy.id })
    return reply
  })
}
