import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm'

/**
 * Rows of a table carried as JSON inside another query's row (`json_agg` of a correlated subquery),
 * so that a screen's data comes back in one round trip (docs/decisions/0008-api-performance.md).
 * The object's keys are the table's field names and its values are decoded by the columns' own
 * mappers, so the rows read exactly like a plain Drizzle select of the table.
 */

/** `json_build_object('fieldName', "table"."column", ...)` over every column of `table`. */
export function jsonRowOf(table: Table): SQL {
  // Field names are identifiers of our code, written as literals rather than parameters.
  const pairs = Object.entries(getTableColumns(table)).map(([field, column]) => sql`${sql.raw(`'${field.replaceAll("'", "''")}'`)}, ${column}`)
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`
}

/** One row of `jsonRowOf`, decoded as Drizzle decodes a selected row (timestamps to Date, …). */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {}
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const value = json[field]
    row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as T['$inferSelect']
}
