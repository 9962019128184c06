import type { FastifyInstance } from 'fastify'
import { funnelExport, funnelReport } from '@kilat/contract'
import { registerCall } from '../../http/route.js'
import { funnelOf, streamFunnelExport } from './funnel.js'

/** The registration funnel's ops calls (docs/product/registration-funnel.md#screen): admins, in their markets. */
export async function funnelRoutes(app: FastifyInstance, options: { now: () => Date }): Promise<void> {
  registerCall(app, funnelReport, ({ staff, query }) => funnelOf(app.db, staff, query))
  registerCall(app, funnelExport, async ({ req, reply, staff, query }) => {
    await streamFunnelExport(app.db, staff, req.ip, query, reply, options.now())
    return null
  })
}
