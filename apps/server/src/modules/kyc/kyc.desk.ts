import { and, desc, eq, inArray, ne } from 'drizzle-orm'
import type { KycFlagKind, RevealField } from '@kilat/contract'
import { PERMISSIONS } from '@kilat/contract'
import { maskPhone, type Market } from '@kilat/domain'
import type { Keyring } from '../../adapters/secrets/secret-box.js'
import type { Db, Executor } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import type { StaffPrincipal } from '../../http/types.js'
import { record } from '../audit/audit.service.js'
import { borrowerForStaff } from '../auth/auth.service.js'
import { borrowerOrderList, orderRefByNo } from '../orders/orders.service.js'
import { staffEmailsOf } from '../staff/staff.service.js'
import { identityHistoryOf } from './identity.js'
import { openIdentity } from './kyc.secrets.js'
import { borrowerIdentities, kycFlags, payoutDestinations, type KycFlagRow } from './kyc.schema.js'
import { payoutDestinationOf, viewOf } from './payout-account.js'

/**
 * What staff see of who a borrower is and where their loan goes (docs/product/identity-and-payout-account.md#staff):
 * masked, reached through an order of the member's markets; a role that needs a whole value reveals
 * one field at a time, with a reason, written to the audit trail before it is shown; and the risk
 * queue of duplicate identities and names that do not match.
 */

export interface DeskDeps {
  db: Db
  secrets: Keyring
}

const mayReveal = (staff: StaffPrincipal) => (PERMISSIONS['identity.reveal'] as readonly string[]).includes(staff.role)

/** The order's borrower, in one of the member's markets; another market's order is not found. */
async function borrowerOfOrder(db: Executor, staff: StaffPrincipal, orderNo: string): Promise<{ borrowerId: number; market: Market }> {
  const ref = await orderRefByNo(db, orderNo)
  if (!ref || !staff.markets.includes(ref.market)) throw new AppError('notFound')
  return { borrowerId: ref.borrowerId, market: ref.market }
}

export async function borrowerKyc(deps: DeskDeps, staff: StaffPrincipal, orderNo: string) {
  const { borrowerId } = await borrowerOfOrder(deps.db, staff, orderNo)
  const [[identity], [account]] = await Promise.all([
    deps.db.select().from(borrowerIdentities).where(eq(borrowerIdentities.borrowerId, borrowerId)),
    deps.db.select().from(payoutDestinations).where(eq(payoutDestinations.borrowerId, borrowerId)),
  ])
  // agents see the name and the masked number, and nothing of the rest
  const agent = staff.role === 'agent'
  const history = identity && !agent ? await identityHistoryOf(deps.db, borrowerId) : []
  return {
    identity: identity
      ? {
          fullName: identity.fullName,
          documentKind: identity.documentKind,
          documentMasked: identity.documentMasked,
          birthYear: agent ? null : Number(openIdentity(identity, deps.secrets).birthDate.slice(0, 4)),
          kycResult: identity.kycResult,
          kycVendor: identity.kycVendor,
          version: identity.version,
          // the versions before the current one, each replaced when the next was recorded
          history: history.slice(1).map((v, i) => ({ version: v.version, fullName: v.fullName, documentMasked: v.documentMasked, recordedAt: v.recordedAt.toISOString(), replacedAt: history[i]!.recordedAt.toISOString() })),
          updatedAt: identity.updatedAt.toISOString(),
        }
      : null,
    payoutAccount: account ? { ...viewOf(account), holderName: agent ? null : account.holderNameFound, checkedAt: account.checkedAt?.toISOString() ?? null } : null,
    canReveal: mayReveal(staff),
  }
}

/** One field whole, for a role that needs it, with its reason: the audit row commits before the value is given. */
export async function reveal(deps: DeskDeps, staff: StaffPrincipal, ip: string, body: { orderNo: string; field: RevealField; reason: string }) {
  if (!mayReveal(staff)) throw new AppError('forbidden')
  const { borrowerId, market } = await borrowerOfOrder(deps.db, staff, body.orderNo)
  const value = await deps.db.transaction(async (tx) => {
    const shown = await revealedValue(tx, deps.secrets, borrowerId, body.field)
    if (shown === null) throw new AppError('notFound')
    await record(tx, {
      staffId: staff.staffId,
      role: staff.role,
      action: 'identity.reveal',
      recordType: 'borrower',
      recordId: borrowerId,
      after: { field: body.field, reason: body.reason, orderNo: body.orderNo },
      ip,
      markets: [market],
    })
    return shown
  })
  return { field: body.field, value }
}

async function revealedValue(db: Executor, secrets: Keyring, borrowerId: number, field: RevealField): Promise<string | null> {
  if (field === 'payoutAccount') {
    const [row] = await db.select().from(payoutDestinations).where(eq(payoutDestinations.borrowerId, borrowerId))
    if (!row) return null
    const d = payoutDestinationOf(row, secrets)
    return [row.institution, d.ifsc, d.vpa ?? d.accountNumber].filter(Boolean).join(' ')
  }
  const [row] = await db.select().from(borrowerIdentities).where(eq(borrowerIdentities.borrowerId, borrowerId))
  if (!row) return null
  const d = openIdentity(row, secrets)
  if (field === 'documentNumber') return d.rfc ? `${d.documentNumber} (RFC ${d.rfc})` : d.documentNumber
  if (field === 'birthDate') return d.birthDate
  const a = d.address
  return [a.street, a.cityCode ?? a.provinceCode, a.pinCode, a.postalCode].filter(Boolean).join(', ')
}

const FLAGS_LIMIT = 200

/** The risk queue of the member's markets, open (or closed) flags, newest first. */
export async function flagsOf(deps: DeskDeps, staff: StaffPrincipal, status: 'open' | 'closed') {
  const rows = await deps.db
    .select({ flag: kycFlags, name: borrowerIdentities.fullName })
    .from(kycFlags)
    .leftJoin(borrowerIdentities, eq(borrowerIdentities.borrowerId, kycFlags.borrowerId))
    .where(and(inArray(kycFlags.market, [...staff.markets]), status === 'open' ? eq(kycFlags.status, 'open') : ne(kycFlags.status, 'open')))
    .orderBy(desc(kycFlags.id))
    .limit(FLAGS_LIMIT)
  return { flags: await Promise.all(rows.map((r) => flagView(deps.db, r.flag, r.name))) }
}

async function flagView(db: Executor, flag: KycFlagRow, borrowerName: string | null) {
  const who = async (borrowerId: number | null) => {
    if (borrowerId === null) return { phoneMasked: null, orderNo: null }
    const [borrower, orders] = await Promise.all([borrowerForStaff(db, borrowerId), borrowerOrderList(db, borrowerId)])
    return { phoneMasked: borrower ? maskPhone(borrower.phone) : null, orderNo: orders[0]?.orderNo ?? null }
  }
  const [self, other] = await Promise.all([who(flag.borrowerId), who(flag.otherBorrowerId)])
  const resolver = flag.resolvedBy === null ? null : ((await staffEmailsOf(db, [flag.resolvedBy])).get(flag.resolvedBy) ?? null)
  return {
    id: flag.id,
    kind: flag.kind as KycFlagKind,
    market: flag.market,
    borrowerId: flag.borrowerId,
    borrowerName,
    phoneMasked: self.phoneMasked ?? '',
    orderNo: self.orderNo,
    otherPhoneMasked: other.phoneMasked,
    otherOrderNo: other.orderNo,
    holderName: flag.holderName,
    accountMasked: flag.accountMasked,
    status: flag.status,
    note: flag.note,
    createdAt: flag.createdAt.toISOString(),
    resolvedAt: flag.resolvedAt?.toISOString() ?? null,
    resolvedBy: resolver,
  }
}

/**
 * Risk closes a flag with a note. An accepted name mismatch lets the account be paid into (the
 * member looked: a married name, a nickname the bank keeps); a rejected one stays blocked until the
 * borrower gives another account.
 */
export async function resolveFlag(deps: DeskDeps, staff: StaffPrincipal, ip: string, body: { flagId: number; decision: 'accepted' | 'rejected'; note: string }, now: Date) {
  const flag = await deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(kycFlags).where(eq(kycFlags.id, body.flagId)).for('update')
    if (!found || !staff.markets.includes(found.market)) throw new AppError('notFound')
    if (found.status !== 'open') throw new AppError('kycFlagClosed')
    const [closed] = await tx.update(kycFlags).set({ status: body.decision, note: body.note, resolvedAt: now, resolvedBy: staff.staffId }).where(eq(kycFlags.id, found.id)).returning()
    if (found.kind === 'nameMismatch' && body.decision === 'accepted') {
      await tx.update(payoutDestinations).set({ nameCheck: 'accepted' }).where(and(eq(payoutDestinations.borrowerId, found.borrowerId), eq(payoutDestinations.nameCheck, 'mismatch')))
    }
    await record(tx, {
      staffId: staff.staffId,
      role: staff.role,
      action: 'kyc.flag.resolve',
      recordType: 'kyc_flag',
      recordId: found.id,
      before: { status: found.status },
      after: { status: body.decision, note: body.note },
      ip,
      markets: [found.market],
    })
    return closed!
  })
  const [name] = await deps.db.select({ fullName: borrowerIdentities.fullName }).from(borrowerIdentities).where(eq(borrowerIdentities.borrowerId, flag.borrowerId))
  return { flag: await flagView(deps.db, flag, name?.fullName ?? null) }
}
