import { maskCardNo, type Market } from '@kilat/domain'
import { SANDBOX_GATEWAY } from '../adapters/payments/sandbox-gateway.js'
import type { Executor } from './client.js'
import { bankCards } from '../modules/repayment/repayment.schema.js'

/**
 * The demo borrowers' bank cards (docs/decisions/0012-payment-gateway.md#cards), demo mode only:
 * the card networks' published test numbers, kept masked like any card; their sandbox tokens are
 * fixed so that a restart finds them rather than adding them again. The banks are the markets'
 * card banks (modules/repayment/cards/banks.ts; its test checks these against it).
 */
export const DEMO_CARDS = [
  { borrower: 0, market: 'ID', bankCode: 'BCA', bankName: 'BCA', cardNo: '4111111111111111', holderName: 'Budi Santoso', token: 'sbx_card_demo_budi_bca' },
  { borrower: 0, market: 'ID', bankCode: 'BNI', bankName: 'BNI', cardNo: '5555555555554444', holderName: 'Budi Santoso', token: 'sbx_card_demo_budi_bni' },
  { borrower: 1, market: 'ID', bankCode: 'BRI', bankName: 'BRI', cardNo: '4012888888881881', holderName: 'Siti Rahayu', token: 'sbx_card_demo_siti_bri' },
  { borrower: 2, market: 'IN', bankCode: 'HDFC', bankName: 'HDFC Bank', cardNo: '4000056655665556', holderName: 'Priya Sharma', token: 'sbx_card_demo_priya_hdfc' },
  { borrower: 3, market: 'MX', bankCode: 'BBVA', bankName: 'BBVA México', cardNo: '5105105105105100', holderName: 'María López', token: 'sbx_card_demo_maria_bbva' },
] as const satisfies ReadonlyArray<{ borrower: 0 | 1 | 2 | 3; market: Market; bankCode: string; bankName: string; cardNo: string; holderName: string; token: string }>

export async function seedDemoCards(tx: Executor, borrowerId: (index: 0 | 1 | 2 | 3) => number): Promise<void> {
  const rows = DEMO_CARDS.map((c) => ({
    borrowerId: borrowerId(c.borrower),
    bankCode: c.bankCode,
    bankName: c.bankName,
    maskedNo: maskCardNo(c.cardNo),
    last4: c.cardNo.slice(-4),
    gateway: SANDBOX_GATEWAY,
    cardToken: c.token,
    holderName: c.holderName,
  }))
  await tx.insert(bankCards).values(rows).onConflictDoNothing({ target: [bankCards.gateway, bankCards.cardToken] })
}
