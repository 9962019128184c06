import { ACCOUNT_STATES, type AccountState, type Bureau } from '@kilat/domain'
import type { BureauRunView, BureauSendView } from '@kilat/contract'
import type { OpsT } from '../app/i18n'

/** Every query of the credit reporting screens and of a dispute's panel (docs/product/credit-reporting.md). */
export const BUREAU_KEY = ['ops', 'bureau'] as const

/** The run's screen, in the market the run is of. */
export const runPath = (runId: number, market: string) => `/ops/bureau/run?runId=${runId}&market=${market}`

/** A reporting period in words: `2026-11` as it is; India's halves (`2026-11-1`) say which half. */
export function periodText(t: OpsT, period: string): string {
  const half = /^(\d{4}-\d{2})-([12])$/.exec(period)
  if (!half) return period
  return t(half[2] === '1' ? 'bureau.half1' : 'bureau.half2', { month: half[1] ?? period })
}

/** A bureau by its own name (the same in every language). */
export const bureauName = (t: OpsT, bureau: Bureau) => t(`bureau.names.${bureau}`)

/** A send that counts: a withdrawn one is as if none had been asked. */
export const liveSend = (send: BureauSendView | null): BureauSendView | null => (send && send.status !== 'withdrawn' ? send : null)

/**
 * Why a run's files may not be downloaded nor marked sent, in words; null when they may. A replaced
 * run is not the period's any more; a run with findings or a run-level problem is not sendable.
 */
export function notSendableReason(t: OpsT, run: Pick<BureauRunView, 'status' | 'sendable'>): string | null {
  if (run.status === 'superseded') return t('bureau.run.notSendableReplaced')
  if (!run.sendable) return t('bureau.run.notSendableErrors')
  return null
}

const isAccountState = (state: string): state is AccountState => (ACCOUNT_STATES as readonly string[]).includes(state)

/** An account's state at the cut-off in words; one the console does not know, as the server wrote it. */
export const accountStateText = (t: OpsT, state: string) => (isAccountState(state) ? t(`bureau.accountStates.${state}`) : state)
