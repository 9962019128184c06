import type { FastifyInstance } from 'fastify'
import { kbEntries, kbGapLink, kbGaps, kbSaveCategory, kbSaveQuestion, localizedOf } from '@kilat/contract'
import { registerCall } from '../../http/route.js'
import { kbGapLink as linkGap, kbGapList, kbList, saveCategory, saveQuestion, type KbDeps } from './kb.desk.js'

/** The knowledge base's console calls (docs/product/knowledge-base.md#calls). */
export async function kbRoutes(app: FastifyInstance, { now }: { now: () => Date }): Promise<void> {
  const deps: KbDeps = { db: app.db, now }
  registerCall(app, kbEntries, () => kbList(app.db))
  registerCall(app, kbSaveCategory, async ({ req, staff, body }) => {
    const input = { categoryId: body.categoryId, title: localizedOf(body, 'Title'), alias: localizedOf(body, 'Alias'), icon: body.icon, actionType: body.actionType, active: body.active }
    return { category: await saveCategory(deps, staff, input, req.ip) }
  })
  registerCall(app, kbSaveQuestion, async ({ req, staff, body }) => {
    const input = {
      questionId: body.questionId,
      categoryId: body.categoryId,
      title: localizedOf(body, 'Title'),
      answer: localizedOf(body, 'Answer'),
      keywords: localizedOf(body, 'Keywords'),
      actionType: body.actionType,
      active: body.active,
    }
    return { question: await saveQuestion(deps, staff, input, req.ip) }
  })
  registerCall(app, kbGaps, ({ staff, query }) => kbGapList(deps, staff, query))
  registerCall(app, kbGapLink, ({ req, staff, body }) => linkGap(deps, staff, body, req.ip))
}
