import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cents } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { createProduct } from '../../db/factories.js'
import { openTestDatabase } from '../../test/setup-db.js'
import { productsNote } from './create-staff.notes.js'
import { staff } from './staff.schema.js'
import { emptyStaff } from './test-helpers.js'

/**
 * What `npm run staff:create` prints under a new admin's enrolment link on a fresh install
 * (docs/operations/going-live.md#the-first-admin-and-the-products).
 */

let database: Database
const BASE = 'https://kilat.example.com'

beforeAll(async () => {
  database = await openTestDatabase()
  await emptyStaff(database)
})

afterAll(async () => {
  await database?.close()
})

const admin = (email: string, markets: Array<'ID' | 'IN' | 'MX'>) =>
  database.db.insert(staff).values({ email, role: 'admin', markets, totpSecret: 'sealed-elsewhere' })

describe('the first admin’s note about products', () => {
  it('says that borrowers see an empty list until admins publish products, and where', async () => {
    await admin('first@example.com', ['ID', 'MX'])
    const note = await productsNote(database.db, ['ID', 'MX'], BASE)
    const lines = note.trimEnd().split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toContain('No products in ID yet: borrowers there see an empty list')
    expect(lines[0]).toContain(`(${BASE}/ops/products?market=ID)`)
    expect(lines[0]).toContain('a second admin publishes them')
    // one admin only: how to make the second
    expect(lines[0]).toContain('npm run staff:create -- --email <email> --role admin --markets ID')
    expect(lines[1]).toContain(`${BASE}/ops/products?market=MX`)
    expect(lines[2]).toBe('See docs/operations/going-live.md#the-first-admin-and-the-products.')
  })

  it('names only the markets still without a product a borrower can apply for', async () => {
    await createProduct(database.db, { market: 'ID' })
    // a disabled product is shown grey: nobody can apply for it
    await createProduct(database.db, { market: 'MX', minAmount: cents(1_000_00), maxAmount: cents(20_000_00), amountStep: cents(500_00), status: 'disabled' })
    await admin('second@example.com', ['MX'])
    const note = await productsNote(database.db, ['ID', 'MX'], BASE)
    expect(note).not.toContain('No products in ID')
    expect(note).toContain('No products in MX yet')
    // two admins of Mexico: the second exists already
    expect(note).not.toContain('npm run staff:create')
  })

  it('says nothing once every market of the admin has its products', async () => {
    expect(await productsNote(database.db, ['ID'], BASE)).toBe('')
  })
})
