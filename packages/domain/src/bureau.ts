import type { Gender, GenderMX } from './identity.js'
import type { Market } from './markets.js'
import type { Cents } from './money.js'

/**
 * Credit bureau reporting (docs/product/credit-reporting.md): the shapes every part of it shares.
 * The rules live beside it: the periods and cut-offs (bureau-periods.ts), an account's figures at
 * a cut-off (bureau-account.ts), each record's checks (bureau-checks.ts) and each market's file
 * layout (bureau-slik.ts, bureau-tudf.ts, bureau-intf.ts, chosen in bureau-files.ts).
 */

/** The companies each market's loans are reported to. */
export const BUREAUS = {
  ID: ['slik'],
  IN: ['cibil', 'experian', 'equifax', 'crif'],
  MX: ['buro', 'circulo'],
} as const satisfies Record<Market, readonly string[]>
export type Bureau = (typeof BUREAUS)[Market][number]
export const ALL_BUREAUS = [...BUREAUS.ID, ...BUREAUS.IN, ...BUREAUS.MX] as const

/**
 * The files a run gives each bureau: SLIK takes one file per segment (the debtor, D01, and the
 * credit facility, F01); the others take one file with every segment.
 */
export const BUREAU_FILES = {
  slik: ['D01', 'F01'],
  cibil: ['TUDF'],
  experian: ['TUDF'],
  equifax: ['TUDF'],
  crif: ['TUDF'],
  buro: ['INTF'],
  circulo: ['INTF'],
} as const satisfies Record<Bureau, readonly string[]>
export type BureauFileKind = (typeof BUREAU_FILES)[Bureau][number]

/** A reporting period: `yyyy-mm` for a month; `yyyy-mm-1` and `yyyy-mm-2` for India's halves of a month. */
export type ReportingPeriod = string

/** How an account stands at the cut-off. `written_off` is in the layouts; the product writes nothing off yet. */
export const ACCOUNT_STATES = ['open', 'settled', 'settled_waived', 'written_off'] as const
export type AccountState = (typeof ACCOUNT_STATES)[number]

/** One installment of an order as of the cut-off: what was due, and what of it was paid or waived by then. */
export interface PeriodAtCutoff {
  periodNo: number
  /** Its due date, market-local yyyy-mm-dd. */
  dueOn: string
  principal: Cents
  interest: Cents
  principalPaid: Cents
  interestPaid: Cents
  interestWaived: Cents
}

/** What the ledger says of one order at the cut-off, from which its record's figures are worked out. */
export interface AccountFacts {
  /** The principal the borrower owes back: the amount the loan was made for. */
  disbursed: Cents
  /** Market-local yyyy-mm-dd. */
  disbursedOn: string
  /** The local date it was settled, when that was on or before the cut-off; otherwise null. */
  settledOn: string | null
  /** Any waiver (of interest or of late charges) confirmed on or before the cut-off. */
  waived: Cents
  periods: readonly PeriodAtCutoff[]
  /** The last payment received on or before the cut-off. */
  lastPayment: { on: string; amount: Cents } | null
}

/** The figures a record carries, as of the cut-off. */
export interface AccountFigures {
  state: AccountState
  /** Principal and interest neither paid nor waived; zero once settled. */
  balance: Cents
  /** The part of `balance` whose due date has passed. */
  overdue: Cents
  /** Whole local days since the earliest installment still unpaid fell due; 0 when none. */
  daysPastDue: number
  /** The last local day of the schedule. */
  dueOn: string
  lastPayment: { on: string; amount: Cents } | null
  /** The local date the account closed (settled or written off); null while open. */
  closedOn: string | null
}

/** Who a record is about, as the kept identity version said at the cut-off. */
export type BureauSubject =
  | { market: 'ID'; fullName: string; nik: string; birthDate: string; gender: Gender; placeOfBirth: string; address: { street: string; provinceCode: string; cityCode: string }; phone: string }
  | { market: 'IN'; fullName: string; pan: string; birthDate: string; gender: Gender; address: { street: string; pinCode: string }; phone: string }
  | { market: 'MX'; fullName: string; curp: string; rfc: string | null; birthDate: string; gender: GenderMX; address: { street: string; postalCode: string }; phone: string }

/** One account in a run: the loan, who it is about, and its figures. */
export interface BureauRecord {
  /** The loan's number (the order number): the account number the bureaus know it by, never reused. */
  accountNo: string
  /** The borrower's number with us (SLIK's CIF): the same for the borrower's life. */
  subjectNo: string
  /** Null when the borrower has no identity: such a record fails the run's checks. */
  subject: BureauSubject | null
  /** Installments of the loan (1 for a single-payment loan) and its length in days. */
  installments: number
  termDays: number
  figures: AccountFigures
  /** A correction of what an earlier run reported for the account (the market's correction indicator). */
  correction: boolean
}

/** What a file's header and closing segment say. */
export interface FileHeader {
  market: Market
  bureau: Bureau
  /** Our member id with the bureau, from the server's configuration. */
  memberId: string
  /** Our name as the bureau knows it, for layouts that carry it. */
  memberName: string
  period: ReportingPeriod
  /** The period's last local day. */
  cutoffOn: string
  /** The local date the file is made. */
  reportedOn: string
}

/** Counted over a run's records before the file is written: some headers need them first. */
export interface FileTotals {
  records: number
  /** Distinct subjects (SLIK's D01 rows). */
  subjects: number
  balance: Cents
  overdue: Cents
}

/** A record that cannot be sent as it is, and why (a code the console puts in words). */
export const RECORD_PROBLEMS = [
  'identity_missing',
  'identity_invalid',
  'name_missing',
  'birth_date_invalid',
  'address_missing',
  'postal_code_invalid',
  'phone_invalid',
  'amount_invalid',
  'date_invalid',
  'settled_with_balance',
] as const
export type RecordProblem = (typeof RECORD_PROBLEMS)[number]

export interface RecordFinding {
  problem: RecordProblem
  /** The field it is about, in the layout's own name (for example `NIK`, `PAN`, `CURP`, `baki debet`). */
  field: string
}
