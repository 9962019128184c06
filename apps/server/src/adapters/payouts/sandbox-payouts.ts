import { randomBytes } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Executor } from '../../db/client.js'
import { verifySignedBody } from '../payments/sandbox-gateway.js'
import {
  PayoutUnavailable,
  type AccountCheckAnswer,
  type AccountCheckInput,
  type PayoutInput,
  type PayoutProvider,
  type PayoutResult,
  type PayoutStatusAnswer,
  type VerifiedPayoutCallback,
} from './payout-provider.js'
import { sandboxPayouts, type SandboxPayoutRow } from './sandbox-payouts.schema.js'

export const SANDBOX_PAYOUTS = 'sandbox'

/**
 * docs/product/operations.md#the-payout-sandbox: the amount's last two digits (cents) that make
 * the sandbox behave otherwise than "accept, then complete a few seconds later".
 */
export const SANDBOX_CENTS = {
  /** Refused at once, with SANDBOX_REFUSAL. */
  refuse: 13,
  /** Accepted, then failed by its callback, with SANDBOX_FAILURE. */
  fail: 14,
  /** The first two sends time out, the third is accepted. */
  timeout: 21,
  /** The first two sends answer HTTP 500, the third is accepted. */
  error: 22,
  /** Accepted and completed, but no callback ever comes: only the status call tells. */
  silent: 23,
} as const

/**
 * The key of the sandbox's switch "the provider is silent" (demo mode's
 * /h5-api/v3/demo/payout-sandbox): a row of the sandbox's own table, present while it is on, so
 * that every server process sees it. Never a payout's key: those are our request ids, digits only.
 */
export const SANDBOX_SILENCE_KEY = 'provider-silent'

/** Kept for the rule's old name: an amount ending in 13 cents is refused. */
export const SANDBOX_REFUSED_CENTS = SANDBOX_CENTS.refuse

export const SANDBOX_REFUSAL = 'The receiving bank refused the transfer (sandbox: an amount ending in 13 cents).'
export const SANDBOX_FAILURE = 'The receiving account is closed (sandbox: an amount ending in 14 cents).'

/**
 * docs/product/identity-and-payout-account.md#sandbox-answers: the account check's outcomes, by the
 * account number's last four digits (an e-wallet's is its phone number), or for a UPI id by the
 * word its local part starts with (`unknown.asha@okaxis`). Any other account is found, held in the
 * borrower's own name.
 */
export const SANDBOX_ACCOUNT_ENDINGS = {
  /** No such account. */
  unknownAccount: '0000',
  /** Found, held by SANDBOX_OTHER_HOLDER: a name that is not the borrower's. */
  mismatch: '9999',
  /** The bank does not answer in time: thrown, the outcome unknown. */
  timeout: '5555',
  /** Pending at the first ask of a reference, found at the next. */
  pending: '4444',
} as const

type SandboxAccountCase = keyof typeof SANDBOX_ACCOUNT_ENDINGS

/** A UPI id's local part starts with one of these words for the same outcomes. */
const SANDBOX_VPA_WORDS: Record<SandboxAccountCase, string> = { unknownAccount: 'unknown', mismatch: 'mismatch', timeout: 'timeout', pending: 'pending' }

export const SANDBOX_OTHER_HOLDER = 'HENDRA WIJAYA KUSUMA'

/** Which of the account check's outcomes a destination shows on purpose; null: found in the borrower's name. */
export function sandboxAccountCase(destination: AccountCheckInput['destination']): SandboxAccountCase | null {
  const cases = Object.keys(SANDBOX_ACCOUNT_ENDINGS) as SandboxAccountCase[]
  if (destination.accountNumber === '' && destination.vpa) {
    const local = destination.vpa.split('@')[0]!.toLowerCase()
    return cases.find((c) => local.startsWith(SANDBOX_VPA_WORDS[c])) ?? null
  }
  const ending = destination.accountNumber.slice(-4)
  return cases.find((c) => SANDBOX_ACCOUNT_ENDINGS[c] === ending) ?? null
}

/** What the sandbox does with a payout, fixed at its first send. */
export interface SandboxPlan {
  outcome: 'complete' | 'fail' | 'refuse' | 'silent'
  /** The refusal's or the failure's reason. */
  reason?: string
  /** How many sends meet `fault` before one is accepted (or refused). */
  faults?: number
  fault?: 'timeout' | 'error'
}

/** The sandbox's own rule, by the amount's cents (SANDBOX_CENTS); anything else completes. */
export function sandboxRule(input: Pick<PayoutInput, 'amount'>): SandboxPlan {
  switch (input.amount % 100) {
    case SANDBOX_CENTS.refuse:
      return { outcome: 'refuse', reason: SANDBOX_REFUSAL }
    case SANDBOX_CENTS.fail:
      return { outcome: 'fail', reason: SANDBOX_FAILURE }
    case SANDBOX_CENTS.timeout:
      return { outcome: 'complete', faults: 2, fault: 'timeout' }
    case SANDBOX_CENTS.error:
      return { outcome: 'complete', faults: 2, fault: 'error' }
    case SANDBOX_CENTS.silent:
      return { outcome: 'silent' }
    default:
      return { outcome: 'complete' }
  }
}

export interface SandboxPayoutsOptions {
  /** PAYMENT_CALLBACK_SECRET: the sandbox signs its payout callbacks as the payment sandbox does. */
  secret: string
  /** Replaces the rule for a test: a plan per payout (null: the rule's). */
  plan?: (input: PayoutInput) => SandboxPlan | null
  /** How long after acceptance the money arrives (and the callback is due); 3 s by default. */
  finishAfterMs?: number
  /** How long a simulated timeout takes before it throws; 1 s by default. */
  timeoutMs?: number
  /** The sandbox's clock; tests move it. */
  now?: () => Date
}

const opaqueRef = () => `po_${randomBytes(12).toString('hex')}`

/** The callback body the sandbox signs and posts (payout-callback-deliverer.ts). */
const callbackBody = z.object({
  id: z.string().min(1).max(100),
  reference: z.string().regex(/^\d{1,15}$/),
  provider_ref: z.string().min(1).max(100),
  status: z.enum(['completed', 'failed']),
  reason: z.string().max(500).nullable(),
  at: z.iso.datetime({ offset: true }),
})
export type SandboxPayoutCallbackBody = z.infer<typeof callbackBody>

export function callbackBodyOf(row: Pick<SandboxPayoutRow, 'key' | 'providerRef' | 'status' | 'reason' | 'finishedAt'>): SandboxPayoutCallbackBody {
  if (row.status !== 'completed' && row.status !== 'failed') throw new Error(`sandbox payout ${row.key} is not finished`)
  return {
    // one event per payout and result: a redelivery is the same event, a duplicate to the webhook
    id: `sbx_pout_${row.key}_${row.status}`,
    reference: row.key,
    provider_ref: row.providerRef,
    status: row.status,
    reason: row.status === 'failed' ? row.reason : null,
    at: (row.finishedAt ?? new Date()).toISOString(),
  }
}

/**
 * The built-in payout provider (docs/product/operations.md#the-payout-sandbox). It keeps its state
 * in `sandbox_payouts`, one row per idempotency key, so that every server process and a restarted
 * one answer a repeated key with its first result and never pay twice. A payout is accepted at
 * once and completes (or fails) `finishAfterMs` later, reported by a signed callback to our payout
 * webhook; recognisable amounts show the other cases on purpose (SANDBOX_CENTS), and a test passes
 * its own `plan`. Its account check answers by the account (SANDBOX_ACCOUNT_ENDINGS). Demo mode can
 * make the whole provider go silent and come back (setSandboxSilence).
 */
export class SandboxPayouts implements PayoutProvider {
  readonly name = SANDBOX_PAYOUTS
  private readonly planOf: (input: PayoutInput) => SandboxPlan
  private readonly finishAfterMs: number
  private readonly timeoutMs: number
  private readonly now: () => Date
  /**
   * References whose pending account was asked once. Kept in this process only: the sandbox's
   * table is its payouts', and another process answering "pending" once more only delays "found".
   */
  private readonly pendingAsked = new Set<string>()

  constructor(
    private readonly db: Executor,
    private readonly options: SandboxPayoutsOptions,
  ) {
    this.planOf = (input) => options.plan?.(input) ?? sandboxRule(input)
    this.finishAfterMs = options.finishAfterMs ?? 3_000
    this.timeoutMs = options.timeoutMs ?? 1_000
    this.now = options.now ?? (() => new Date())
  }

  async send(input: PayoutInput): Promise<PayoutResult> {
    const plan = this.planOf(input)
    // the first send of a key inserts its row; a repeat only counts itself and reads the first
    const [row] = await this.db
      .insert(sandboxPayouts)
      .values({
        key: input.reference,
        providerRef: opaqueRef(),
        orderNo: input.orderNo,
        amount: input.amount,
        market: input.market,
        plan: plan.outcome,
        reason: plan.reason ?? null,
        fault: plan.fault ?? null,
        faultsLeft: plan.faults ?? 0,
      })
      .onConflictDoUpdate({ target: sandboxPayouts.key, set: { sends: sql`${sandboxPayouts.sends} + 1` } })
      .returning()
    if (!row) throw new Error('sandbox payout not stored')
    if (row.status === 'received') return this.answerFirst(row)
    return answerOf(row)
  }

  /** A key not answered yet: a fault first if some are left, then the plan's answer, once. */
  private async answerFirst(row: SandboxPayoutRow): Promise<PayoutResult> {
    if (row.faultsLeft > 0) {
      const [taken] = await this.db
        .update(sandboxPayouts)
        .set({ faultsLeft: sql`${sandboxPayouts.faultsLeft} - 1` })
        .where(and(eq(sandboxPayouts.id, row.id), sql`${sandboxPayouts.faultsLeft} > 0`))
        .returning({ id: sandboxPayouts.id })
      if (taken) {
        if (row.fault === 'timeout') {
          await new Promise((resolve) => setTimeout(resolve, this.timeoutMs))
          throw new PayoutUnavailable('sandbox: the payout provider did not answer in time')
        }
        throw new PayoutUnavailable('sandbox: the payout provider answered HTTP 500')
      }
    }
    const now = this.now()
    const refused = row.plan === 'refuse'
    const finishAt = new Date(now.getTime() + this.finishAfterMs)
    const [answered] = await this.db
      .update(sandboxPayouts)
      .set(
        refused
          ? { status: 'refused', finishedAt: now }
          : { status: 'accepted', finishAt, callbackNextAt: row.plan === 'silent' ? null : finishAt },
      )
      .where(and(eq(sandboxPayouts.id, row.id), eq(sandboxPayouts.status, 'received')))
      .returning()
    if (answered) return answerOf(answered)
    // another send of the same key answered meanwhile: its answer is ours
    const [first] = await this.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.id, row.id))
    return answerOf(first!)
  }

  async status(reference: string): Promise<PayoutStatusAnswer> {
    const [row] = await this.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.key, reference))
    if (!row || row.status === 'received') return { status: 'unknown' }
    if (row.status === 'refused') return { status: 'failed', providerRef: null, reason: row.reason ?? 'refused' }
    if (row.status === 'accepted') {
      // a silent payout (or one whose callback is late) has arrived once its time has come, unless
      // the whole provider is silent: then its transfers wait too
      if (row.finishAt && row.finishAt <= this.now() && !(await sandboxIsSilent(this.db))) {
        const finished = await finishPayout(this.db, row.id)
        if (finished) return statusOf(finished)
      }
      return { status: 'accepted', providerRef: row.providerRef }
    }
    return statusOf(row)
  }

  /**
   * Who holds the account (docs/product/identity-and-payout-account.md#sandbox-answers): the
   * outcome its number shows on purpose, else the borrower, upper case as banks print names.
   * Throws once `signal` aborts, as a provider's cancelled call does.
   */
  async checkAccount(input: AccountCheckInput, signal?: AbortSignal): Promise<AccountCheckAnswer> {
    if (signal?.aborted) throw cancelledCheck()
    const { destination } = input
    const found: AccountCheckAnswer = { status: 'found', holderName: destination.holderName.toUpperCase() }
    switch (sandboxAccountCase(destination)) {
      case 'unknownAccount':
        return { status: 'unknownAccount' }
      case 'mismatch':
        return { status: 'found', holderName: SANDBOX_OTHER_HOLDER }
      case 'timeout':
        try {
          await sleep(this.timeoutMs, undefined, signal ? { signal } : undefined)
        } catch {
          throw cancelledCheck()
        }
        throw new PayoutUnavailable('sandbox: the bank did not answer the account check in time')
      case 'pending':
        if (this.pendingAsked.has(input.reference)) return found
        this.pendingAsked.add(input.reference)
        return { status: 'pending' }
      case null:
        return found
    }
  }

  verifyCallback(rawBody: Buffer, headers: IncomingHttpHeaders, now = new Date()): VerifiedPayoutCallback {
    const verified = verifySignedBody(this.options.secret, rawBody, headers, now, callbackBody)
    if (!verified.ok) return verified
    const parsed = verified.body
    return {
      ok: true,
      event: {
        eventId: parsed.id,
        reference: parsed.reference,
        providerRef: parsed.provider_ref,
        status: parsed.status,
        reason: parsed.reason,
        at: new Date(parsed.at),
        raw: parsed,
      },
    }
  }
}

const cancelledCheck = () => new PayoutUnavailable('sandbox: the account check was cancelled by the caller (its deadline passed)')

function answerOf(row: SandboxPayoutRow): PayoutResult {
  if (row.status === 'refused') return { ok: false, reason: row.reason ?? 'refused' }
  return { ok: true, providerRef: row.providerRef }
}

function statusOf(row: SandboxPayoutRow): PayoutStatusAnswer {
  if (row.status === 'completed') return { status: 'completed', providerRef: row.providerRef, completedAt: row.finishedAt ?? row.finishAt ?? new Date() }
  if (row.status === 'failed') return { status: 'failed', providerRef: row.providerRef, reason: row.reason ?? 'failed' }
  if (row.status === 'refused') return { status: 'failed', providerRef: null, reason: row.reason ?? 'refused' }
  if (row.status === 'accepted') return { status: 'accepted', providerRef: row.providerRef }
  return { status: 'unknown' }
}

/**
 * The money of an accepted payout arrives (or its failure is known) at its finish time: the row
 * turns completed or failed once, whoever gets there first (the deliverer or a status call).
 */
export async function finishPayout(db: Executor, id: number): Promise<SandboxPayoutRow | undefined> {
  const [row] = await db
    .update(sandboxPayouts)
    .set({
      status: sql`case when ${sandboxPayouts.plan} = 'fail' then 'failed' else 'completed' end`,
      finishedAt: sql`${sandboxPayouts.finishAt}`,
    })
    .where(and(eq(sandboxPayouts.id, id), eq(sandboxPayouts.status, 'accepted')))
    .returning()
  if (row) return row
  const [now] = await db.select().from(sandboxPayouts).where(eq(sandboxPayouts.id, id))
  return now
}

/** The sandbox's switch: whether the provider is silent, since when, and the callbacks it holds. */
export interface SandboxSilence {
  silent: boolean
  since: Date | null
  /** Payouts whose callback is not delivered yet (held while silent, on their way otherwise). */
  held: number
}

/** True while the provider is silent (the switch's row exists). */
export async function sandboxIsSilent(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: sandboxPayouts.id }).from(sandboxPayouts).where(eq(sandboxPayouts.key, SANDBOX_SILENCE_KEY))
  return row !== undefined
}

/** The switch as it stands. */
export async function sandboxSilence(db: Executor): Promise<SandboxSilence> {
  const [switchRow] = await db.select({ since: sandboxPayouts.createdAt }).from(sandboxPayouts).where(eq(sandboxPayouts.key, SANDBOX_SILENCE_KEY))
  const [waiting] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(sandboxPayouts)
    .where(
      and(
        sql`${sandboxPayouts.status} in ('accepted', 'completed', 'failed')`,
        sql`${sandboxPayouts.callbackNextAt} is not null`,
        sql`${sandboxPayouts.callbackDeliveredAt} is null`,
      ),
    )
  return { silent: switchRow !== undefined, since: switchRow?.since ?? null, held: Number(waiting?.count ?? 0) }
}

/**
 * Demo mode's switch (docs/product/operations.md#the-payout-sandbox): a silent provider still
 * takes payouts (a repeated key still answers its first result), but sends no callback, neither of
 * those it takes nor of those it had taken, and its transfers do not finish: a status call answers
 * `accepted`. Switched back, its transfers finish and the held callbacks go out at the deliverer's
 * next pass, each once (payout-callback-deliverer.ts). Stored as a row of the sandbox's table, so
 * that every process sees it; switching to where it already is changes nothing.
 */
export async function setSandboxSilence(db: Executor, silent: boolean, now = new Date()): Promise<SandboxSilence> {
  if (silent) {
    await db
      .insert(sandboxPayouts)
      .values({ key: SANDBOX_SILENCE_KEY, providerRef: SANDBOX_SILENCE_KEY, orderNo: '', market: '', plan: 'silent', createdAt: now })
      .onConflictDoNothing({ target: sandboxPayouts.key })
  } else {
    await db.delete(sandboxPayouts).where(eq(sandboxPayouts.key, SANDBOX_SILENCE_KEY))
  }
  return sandboxSilence(db)
}
