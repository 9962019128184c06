import { inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { staff } from './staff.schema.js'

/** The emails of these staff members by id (an account since removed is absent): the ops screens name who acted. */
export async function staffEmailsOf(db: Executor, ids: Array<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))]
  if (wanted.length === 0) return new Map()
  const rows = await db.select({ id: staff.id, email: staff.email }).from(staff).where(inArray(staff.id, wanted))
  return new Map(rows.map((r) => [r.id, r.email]))
}
