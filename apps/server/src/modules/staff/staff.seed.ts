import { and, inArray, isNull, sql } from 'drizzle-orm'
import type { StaffRole } from '@kilat/contract'
import { MARKETS, type Market } from '@kilat/domain'
import { demoKeyring, type Keyring } from '../../adapters/secrets/secret-box.js'
import type { Executor } from '../../db/client.js'
import { hashPassword, totpCodeAt, totpStepAt } from './staff.credentials.js'
import { staff } from './staff.schema.js'
import { reserveStaffId, sealTotpSecret } from './staff.secrets.js'

/**
 * Demo mode's staff (README, docs/product/operations.md#demo-accounts): one account per role, two
 * in finance for the four-eyes payouts, two admins for the four-eyes grant of admin, and an agent of Mexico alone. They share a known password
 * and a known authenticator secret: never on a server without demo mode, which disables them.
 */
export const DEMO_STAFF_PASSWORD = 'kilat-demo-staff'
/** base32, 160 bits: enter it in any authenticator app, or read the code from /ops-api/demo/staff-code. */
export const DEMO_STAFF_TOTP_SECRET = 'KILATDEMOSTAFFTOTPSECRETKILATOPS'

export const DEMO_STAFF: ReadonlyArray<{ email: string; role: StaffRole; markets: Market[] }> = [
  { email: 'agent@demo.kilat.example.com', role: 'agent', markets: [...MARKETS] },
  { email: 'risk@demo.kilat.example.com', role: 'risk', markets: [...MARKETS] },
  { email: 'finance.a@demo.kilat.example.com', role: 'finance', markets: [...MARKETS] },
  { email: 'finance.b@demo.kilat.example.com', role: 'finance', markets: [...MARKETS] },
  { email: 'collector@demo.kilat.example.com', role: 'collector', markets: [...MARKETS] },
  { email: 'admin@demo.kilat.example.com', role: 'admin', markets: [...MARKETS] },
  // staff administration: a second admin, who confirms the first one's grant of admin (four eyes)
  { email: 'admin.b@demo.kilat.example.com', role: 'admin', markets: [...MARKETS] },
  { email: 'agent.mx@demo.kilat.example.com', role: 'agent', markets: ['MX'] },
  // products: a second admin publishes what the first proposes (docs/product/products.md#versions)
  { email: 'admin.b@demo.kilat.example.com', role: 'admin', markets: [...MARKETS] },
]

const demoEmails = () => DEMO_STAFF.map((s) => s.email)

/**
 * Adds the demo accounts that are missing (hashing the password once, only then); existing ones are
 * left as they are. Their secret is sealed like any (`secrets`: the server's keyring).
 */
export async function seedDemoStaff(tx: Executor, now = new Date(), secrets: Keyring = demoKeyring()): Promise<number> {
  const present = await tx.select({ email: staff.email }).from(staff).where(inArray(sql`lower(${staff.email})`, demoEmails()))
  const missing = DEMO_STAFF.filter((s) => !present.some((p) => p.email.toLowerCase() === s.email))
  if (missing.length === 0) return 0
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD)
  let inserted = 0
  for (const s of missing) {
    const id = await reserveStaffId(tx)
    const totpSecret = sealTotpSecret(DEMO_STAFF_TOTP_SECRET, secrets, id)
    const rows = await tx
      .insert(staff)
      .overridingSystemValue()
      .values({ ...s, id, language: 'en' as const, passwordHash, totpSecret, enrolledAt: now, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: staff.id })
    inserted += rows.length
  }
  return inserted
}

/** A database that was once a demo keeps its demo accounts, but they never sign in without demo mode. */
export async function disableDemoStaff(tx: Executor, now = new Date()): Promise<void> {
  await tx
    .update(staff)
    .set({ disabledAt: now })
    .where(and(inArray(sql`lower(${staff.email})`, demoEmails()), isNull(staff.disabledAt)))
}

export const isDemoStaff = (email: string) => demoEmails().includes(email.toLowerCase())

/**
 * The code a demo account's authenticator shows now; once this step's code was used, the next
 * step's (still accepted, one step ahead), so that two sign-ins in the same 30 seconds both work.
 */
export function demoStaffCode(lastTotpStep: number | null, now: Date): string {
  const current = totpStepAt(now)
  const step = lastTotpStep !== null && lastTotpStep >= current ? lastTotpStep + 1 : current
  return totpCodeAt(DEMO_STAFF_TOTP_SECRET, step)
}
