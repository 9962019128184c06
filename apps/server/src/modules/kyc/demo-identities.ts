import { eq } from 'drizzle-orm'
import type { IdentityInput } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import type { PayoutDestination } from '../../adapters/payouts/payout-provider.js'
import type { Keyring } from '../../adapters/secrets/secret-box.js'
import type { Db } from '../../db/client.js'
import { checkedIdentity, keepIdentityVersion } from './identity.js'
import { borrowerIdentities } from './kyc.schema.js'
import { saveDestination } from './payout-account.js'

/**
 * The demo borrowers' identities (docs/product/identity-and-payout-account.md#demo-data): made up,
 * each passing its market's checks (a NIK whose date and gender agree, a person's PAN, a CURP with
 * RENAPO's check digit), verified by a made-up KYC vendor, with the account each is paid into.
 */
export interface DemoIdentity {
  market: Market
  identity: Omit<IdentityInput, 'kyc'>
  account: Omit<PayoutDestination, 'holderName'>
}

const KYC_AT = '2026-01-05T09:00:00+07:00'

/** In DEMO_BORROWERS' order (db/seed.ts): Budi Santoso, Siti Rahayu, Priya Sharma, María López. */
export const DEMO_IDENTITIES: readonly DemoIdentity[] = [
  {
    market: 'ID',
    identity: { fullName: 'Budi Santoso', nik: '3273011205900001', birthDate: '1990-05-12', gender: 'male', placeOfBirth: 'Bandung', address: { street: 'Jl. Merdeka No. 10', provinceCode: '32', cityCode: '3273' } },
    account: { channelCode: 'BCA', accountNumber: '8730012345' },
  },
  {
    market: 'ID',
    identity: { fullName: 'Siti Rahayu', nik: '3174056108930002', birthDate: '1993-08-21', gender: 'female', placeOfBirth: 'Jakarta', address: { street: 'Jl. Kemang Raya No. 5', provinceCode: '31', cityCode: '3174' } },
    account: { channelCode: 'MANDIRI', accountNumber: '1230004567890' },
  },
  {
    market: 'IN',
    identity: { fullName: 'Priya Sharma', pan: 'BQKPS4821K', aadhaar: { lastFour: '4821', ekycReference: 'EKYC-DEMO-0003' }, birthDate: '1991-03-15', gender: 'female', address: { street: '12 Marine Drive, Mumbai', pinCode: '400001' } },
    account: { channelCode: 'IMPS', accountNumber: '50100012345678', ifsc: 'HDFC0001234' },
  },
  {
    market: 'MX',
    identity: { fullName: 'María López García', curp: 'LOGM920714MJCPRR09', birthDate: '1992-07-14', gender: 'female', address: { street: 'Av. Juárez 100, Guadalajara', postalCode: '44100' } },
    account: { channelCode: '40012', accountNumber: '012180015025937129' },
  },
]

/** Keeps each demo borrower's identity and account once (a restart keeps what is there). */
export async function seedDemoIdentities(db: Db, secrets: Keyring, borrowerIds: readonly number[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [i, demo] of DEMO_IDENTITIES.entries()) {
      const borrowerId = borrowerIds[i]
      if (borrowerId === undefined) continue
      const [existing] = await tx.select({ id: borrowerIdentities.borrowerId }).from(borrowerIdentities).where(eq(borrowerIdentities.borrowerId, borrowerId))
      if (existing) continue
      const { fullName, details } = checkedIdentity(demo.market, { ...demo.identity, kyc: { vendor: 'demo-kyc', reference: `DEMO-KYC-${i + 1}`, result: 'verified', checkedAt: KYC_AT } }, now, 'en')
      await keepIdentityVersion(tx, secrets, borrowerId, 1, fullName, details, { kycVendor: 'demo-kyc', kycReference: `DEMO-KYC-${i + 1}`, kycResult: 'verified', kycCheckedAt: new Date(KYC_AT) }, now)
      await saveDestination(tx, secrets, borrowerId, { ...demo.account, holderName: fullName }, now)
    }
  })
}
