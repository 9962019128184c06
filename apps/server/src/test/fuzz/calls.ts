import * as contract from '@kilat/contract'
import type { CallDef } from '@kilat/contract'
import type { FuzzOptions } from './harness.js'

const isCall = (v: unknown): v is CallDef =>
  typeof v === 'object' && v !== null && 'path' in v && 'family' in v && 'auth' in v && 'method' in v && 'body' in v

/** Every call of the contract (borrower, public and ops), each once, in a stable order. */
export const ALL_CALLS: CallDef[] = [...new Set((Object.values(contract) as unknown[]).filter(isCall))].sort(
  (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
)

/** What a call's valid request needs beyond its schemas (docs/product/operations.md for the ops calls). */
export const CALL_OPTIONS = new Map<CallDef, FuzzOptions>([
  [contract.logout, { freshSession: true }],
  [contract.staffSignOut, { freshSession: true }],
  [contract.auditSearch, { query: { recordType: 'complaint', recordId: undefined, from: undefined, to: undefined } }],
  [contract.orderSearch, { query: { q: 'K2026' } }],
  [contract.orderReviewQueue, { query: { cursor: undefined } }],
  [contract.payoutQueue, { query: { cursor: undefined } }],
  [contract.complaintQueue, { query: { cursor: undefined } }],
  // waivers and refunds: the queue's key is the last row's id
  [contract.adjustmentQueue, { query: { cursor: undefined } }],
  // the money desk: a day the sandbox's report has, a range of days
  [contract.paymentsInbox, { query: { day: '2026-03-01', cursor: undefined } }],
  [contract.paymentsCallbacks, { query: { day: '2026-03-01', cursor: undefined } }],
  [contract.paymentsLedger, { query: { day: '2026-03-01', cursor: undefined } }],
  [contract.reconDay, { query: { day: '2026-03-01' } }],
  [contract.reconDifferences, { query: { day: '2026-03-01', cursor: undefined } }],
  [contract.reconRun, { body: { day: '2026-03-01' } }],
  [contract.reconCloseDay, { body: { day: '2026-03-01' } }],
  [contract.resolutionPropose, { body: { differenceId: 1, kind: 'gateway_error', orderNo: undefined, note: 'checked' } }],
  [contract.exportLedger, { query: { from: '2026-03-01', to: '2026-03-02' } }],
  [contract.exportReconciliation, { query: { from: '2026-03-01', to: '2026-03-02' } }],
  // collections: the queue's key is the last row's amount owed and key
  [contract.collectionQueue, { query: { cursor: undefined } }],
  [contract.collectionDemoClock, { body: { at: null } }],
  [contract.collectionRecordContact, { body: { orderNo: 'K2026000006', channel: 'phone', outcome: 'promise_to_pay', note: 'fuzz', promiseDate: '2026-03-05', promiseAmount: 100 } }],
  // kb: an entry's action is 0 (nothing) or 4 (the contact button)
  [contract.kbSaveCategory, { body: { actionType: 0 } }],
  [contract.kbSaveQuestion, { body: { actionType: 4 } }],
  // registration funnel: a range of days, any landing page and utm_tag
  [contract.funnelReport, { query: { from: '2026-03-01', to: '2026-03-30', templateId: undefined, utmTag: undefined } }],
  [contract.funnelExport, { query: { from: '2026-03-01', to: '2026-03-30', templateId: undefined, utmTag: undefined } }],
  // credit bureau reporting: a period, a bureau's file, a day it was sent
  [contract.opsBureauRebuild, { body: { market: 'ID', period: '2026-01' } }],
  [contract.opsBureauDownload, { query: { runId: 1, bureau: 'slik', file: 'F01' } }],
  [contract.opsBureauSendRequest, { body: { runId: 1, bureau: 'slik', sentOn: '2026-03-01' } }],
])

export type FuzzGroup = 'public' | 'borrower-1' | 'borrower-2' | 'ops-1' | 'ops-2'

/** The calls one fuzz file covers: the files split them so that none takes much longer than another. */
export function callsOf(group: FuzzGroup): CallDef[] {
  const borrower = ALL_CALLS.filter((c) => c.auth === 'borrower' || c.auth === 'optional')
  const half = Math.ceil(borrower.length / 2)
  const ops = ALL_CALLS.filter((c) => c.auth === 'staff')
  const opsHalf = Math.ceil(ops.length / 2)
  switch (group) {
    case 'public':
      return ALL_CALLS.filter((c) => c.auth === 'none')
    case 'borrower-1':
      return borrower.slice(0, half)
    case 'borrower-2':
      return borrower.slice(half)
    case 'ops-1':
      return ops.slice(0, opsHalf)
    case 'ops-2':
      return ops.slice(opsHalf)
  }
}
