import { randomInt } from 'node:crypto'
import { ORDER_STATUS } from '@kilat/domain'
import type { Keyring } from '../../adapters/secrets/secret-box.js'
import type { Database, Executor as Db } from '../../db/client.js'
import { createBorrower, createOrder } from '../../db/factories.js'
import { setIdentity } from '../kyc/identity.js'
import { saveDestination } from '../kyc/kyc.service.js'
import type { Order } from '../orders/orders.service.js'
import type { Product } from '../products/products.service.js'
import { autoPayoutDays, autoPayoutLimits, creditPolicies, decisionSwitches, orderDecisions } from './decisions.schema.js'

/**
 * No policy, no limits, no switch and no kept decision: on a shared PostgreSQL the files of one
 * worker run one after another in one database, and a policy one of them published (or a draft it
 * left waiting) would decide, or refuse a draft, in the next.
 */
export async function emptyDecisions(database: Database): Promise<void> {
  await database.db.delete(orderDecisions)
  await database.db.delete(creditPolicies)
  await database.db.delete(decisionSwitches)
  await database.db.delete(autoPayoutLimits)
  await database.db.delete(autoPayoutDays)
}

let applicants = randomInt(0, 1_000_000)

/**
 * A clean applicant of Indonesia: a borrower with a verified identity (a NIK of its own, so that
 * files sharing a database never take one twice), an account whose name matched, and a submitted
 * order of `product`; `settledBefore` gives them a settled loan of it first.
 */
export async function cleanApplicant(db: Db, secrets: Keyring, product: Product, now: Date, settledBefore = false): Promise<Order> {
  const n = applicants++
  const day = 1 + (n % 28)
  const month = 1 + (Math.floor(n / 28) % 12)
  const year = 1980 + (Math.floor(n / 336) % 20)
  const two = (v: number) => String(v).padStart(2, '0')
  const borrower = await createBorrower(db, { market: 'ID' })
  await setIdentity(
    { db, secrets },
    { id: borrower.id, market: 'ID' },
    {
      fullName: 'Dewi Lestari',
      nik: `327301${two(day)}${two(month)}${String(year).slice(2)}${String(1 + (Math.floor(n / 6720) % 9999)).padStart(4, '0')}`,
      birthDate: `${year}-${two(month)}-${two(day)}`,
      gender: 'male',
      placeOfBirth: 'Bandung',
      address: { street: 'Jl. Dago No. 1', provinceCode: '32', cityCode: '3273' },
      kyc: { vendor: 'acme-kyc', reference: `KYC-${n}`, result: 'verified', checkedAt: '2026-11-01T10:00:00+07:00' },
    },
    now,
    'id',
  )
  await saveDestination(db, secrets, borrower.id, { channelCode: 'BCA', accountNumber: `77${n}`, holderName: 'DEWI LESTARI' }, now, 'match')
  if (settledBefore) await createOrder(db, { product, borrowerId: borrower.id, status: ORDER_STATUS.settled, now })
  return (await createOrder(db, { product, borrowerId: borrower.id, status: ORDER_STATUS.submitted, now })).order
}
