import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { sandboxSilence, setSandboxSilence, type SandboxSilence } from '../../adapters/payouts/sandbox-payouts.js'
import { okEnvelope } from '../../http/envelope.js'

/** Where demo mode switches the payout sandbox silent and back (docs/product/operations.md#the-payout-sandbox). */
export const DEMO_PAYOUT_SANDBOX_PATH = '/h5-api/v3/demo/payout-sandbox'

const switchBody = z.object({
  // JSON true/false, or a form's "true"/"false"
  silent: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]),
})

const answerOf = (state: SandboxSilence) => ({ silent: state.silent, since: state.since?.toISOString() ?? null, held: state.held })

/**
 * Demo mode only (registered with the demo routes, which app.ts registers in demo mode alone): the
 * payout provider goes silent and comes back, as a real one whose webhook stops and starts again,
 * so that the alert on a silent provider can be seen to fire and clear (`npm run cluster:prove`).
 * GET answers the switch; POST `{ silent: true | false }` sets it. It stands for the provider's
 * side, which has no session with us: no session, as the sandbox's pay button. The switch lives in
 * the database, so every process sees it.
 */
export async function payoutSandboxRoutes(app: FastifyInstance): Promise<void> {
  app.get(DEMO_PAYOUT_SANDBOX_PATH, { config: { family: 'code0' } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    return okEnvelope('code0', answerOf(await sandboxSilence(app.db)))
  })

  app.post(DEMO_PAYOUT_SANDBOX_PATH, { schema: { body: switchBody }, config: { family: 'code0' } }, async (req, reply) => {
    const { silent } = switchBody.parse(req.body)
    const state = await setSandboxSilence(app.db, silent)
    req.log.warn({ silent, held: state.held }, silent ? 'demo: the payout sandbox is silent' : 'demo: the payout sandbox speaks again')
    reply.header('cache-control', 'no-store')
    return okEnvelope('code0', answerOf(state))
  })
}
