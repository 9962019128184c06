import type { FastifyInstance } from 'fastify'
import { auditSearch } from '@kilat/contract'
import { registerCall } from '../../http/route.js'
import { searchAudit } from './audit.service.js'

/**
 * The admin's search of the audit trail (docs/product/operations.md#audit-trail): rows about the
 * admin's markets only, as every other console call.
 */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, auditSearch, async ({ query, staff }) => {
    const { rows, nextBefore } = await searchAudit(app.db, {
      staffId: query.staffId,
      recordType: query.recordType,
      recordId: query.recordId,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      before: query.before,
      limit: query.limit,
      markets: staff.markets,
    })
    return {
      entries: rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        staffId: r.staffId,
        role: r.role,
        action: r.action,
        recordType: r.recordType,
        recordId: r.recordId,
        before: r.before,
        after: r.after,
        ip: r.ip,
      })),
      nextBefore,
    }
  })
}
