import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { rowsOf } from '../../db/client.js'
import type { SealedColumn } from '../../adapters/secrets/reseal.js'
import { openSecret, sealSecret, type Keyring, type SecretPlace } from '../../adapters/secrets/secret-box.js'
import { staff } from './staff.schema.js'

/**
 * The staff's authenticator secrets at rest (docs/decisions/0021-secrets-at-rest.md): sealed with
 * the row's id, so that a secret copied onto another account does not open there.
 */

const place = (staffId: number): SecretPlace => ({ table: 'staff', column: 'totp_secret', row: staffId })

export const sealTotpSecret = (secret: string, keyring: Keyring, staffId: number) => sealSecret(secret, keyring, place(staffId))

export const openTotpSecret = (account: { id: number; totpSecret: string }, keyring: Keyring) => openSecret(account.totpSecret, keyring, place(account.id))

/** The id a new account will have, taken before the insert: its secret is sealed with it. */
export async function reserveStaffId(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ id: string | number }>(db.execute(sql`select nextval(pg_get_serial_sequence('staff', 'id')) as id`))
  if (!row) throw new Error('no id from the staff sequence')
  return Number(row.id)
}

/** `npm run secrets:rotate` and the server's start re-seal this column (adapters/secrets/reseal.ts). */
export const staffTotpColumn: SealedColumn = {
  name: 'staff.totp_secret',
  pending: (db, keyId, afterId, limit, onlyPlain) =>
    db
      .select({ id: staff.id, value: staff.totpSecret })
      .from(staff)
      .where(
        and(
          gt(staff.id, afterId),
          onlyPlain ? sql`${staff.totpSecret} not like 'v1:%'` : sql`left(${staff.totpSecret}, ${keyId.length + 4}) <> ${`v1:${keyId}:`}`,
        ),
      )
      .orderBy(asc(staff.id))
      .limit(limit),
  open: (row, keyring) => openSecret(row.value, keyring, place(row.id)),
  replace: async (tx, row, plain, keyring) => {
    const updated = await tx
      .update(staff)
      .set({ totpSecret: sealTotpSecret(plain, keyring, row.id) })
      .where(and(eq(staff.id, row.id), eq(staff.totpSecret, row.value)))
      .returning({ id: staff.id })
    return updated.length === 1
  },
}
