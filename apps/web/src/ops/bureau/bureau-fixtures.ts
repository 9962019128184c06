import type { BureauRunView, BureauSendView, DataOf, opsBureauRun } from '@kilat/contract'

/** November's run of Indonesia, build 2: every check passed, nothing sent yet. */
export const RUN: BureauRunView = {
  id: 12,
  market: 'ID',
  period: '2026-11',
  version: 2,
  status: 'built',
  cutoffOn: '2026-11-30',
  cutoffAt: '2026-11-30T17:00:00.000Z',
  builtAt: '2026-12-01T02:00:00.000Z',
  builtByEmail: 'finance-lead@demo.kilat.example.com',
  records: 1240,
  corrections: 3,
  balance: 150_000_000_00,
  overdue: 12_500_000_00,
  ledgerBalance: 150_000_000_00,
  missing: 0,
  recordsWithErrors: 0,
  sendable: true,
  millis: 4200,
  sends: [{ bureau: 'slik', files: ['D01', 'F01'], send: null }],
}

/** October's run, the job's: two records with errors, and its totals off the ledger's by Rp 1.500. */
export const BROKEN: BureauRunView = {
  ...RUN,
  id: 9,
  period: '2026-10',
  version: 1,
  builtByEmail: null,
  records: 1100,
  corrections: 0,
  balance: 100_000_000_00,
  ledgerBalance: 10_000_150_000,
  missing: 1,
  recordsWithErrors: 2,
  sendable: false,
}

/** A send to SLIK asked by finance member 11 (not the signed-in member 7). */
export const PENDING_SEND: BureauSendView = {
  id: 41,
  runId: 12,
  bureau: 'slik',
  sentOn: '2026-12-02',
  status: 'pending',
  requestedBy: 11,
  requestedByEmail: 'finance-lead@demo.kilat.example.com',
  requestedAt: '2026-12-02T03:00:00.000Z',
  decidedBy: null,
  decidedByEmail: null,
  decidedAt: null,
  expiresAt: '2099-12-09T03:00:00.000Z',
}

export const CONFIRMED_SEND: BureauSendView = {
  ...PENDING_SEND,
  status: 'confirmed',
  decidedBy: 8,
  decidedByEmail: 'controller@demo.kilat.example.com',
  decidedAt: '2026-12-02T05:00:00.000Z',
}

export const CLEAN: DataOf<typeof opsBureauRun> = { run: RUN, findings: [], findingsTotal: 0, problems: [] }

export const WITH_FINDINGS: DataOf<typeof opsBureauRun> = {
  run: BROKEN,
  findings: [
    { orderNo: 'K2026100112345678', problem: 'identity_invalid', field: 'NIK' },
    { orderNo: 'K2026100187654321', problem: 'postal_code_invalid', field: 'kode pos' },
    { orderNo: '', problem: 'totals_mismatch', field: '' },
  ],
  findingsTotal: 203,
  problems: [
    { problem: 'totals_mismatch', count: 1, amount: 150_000 },
    { problem: 'account_missing', count: 1, amount: 150_000 },
  ],
}
