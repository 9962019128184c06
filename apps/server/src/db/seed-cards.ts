import { and, eq, inArray, sql } from 'drizzle-orm'
import { maskCardNo, type Market } from '@kilat/domain'
import { SANDBOX_GATEWAY } from '../adapters/payments/sandbox-gateway.js'
import { lookupOf, lookupsOf, sealSecret, type Keyring } from '../adapters/secrets/secret-box.js'
import { rowsOf, type Executor } from './client.js'
import { bankCards, CARD_TOKEN_SECRET } from '../modules/repayment/repayment.schema.js'

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

/**
 * Their tokens are sealed as the cards module seals them (docs/decisions/0021-secrets-at-rest.md),
 * and found again by their lookup under any listed key.
 */
export async function seedDemoCards(tx: Executor, borrowerId: (index: 0 | 1 | 2 | 3) => number, secrets: Keyring): Promise<void> {
  for (const c of DEMO_CARDS) {
    const lookups = lookupsOf(c.token, secrets, CARD_TOKEN_SECRET.lookupScope)
    const [present] = await tx
      .select({ id: bankCards.id })
      .from(bankCards)
      .where(and(eq(bankCards.gateway, SANDBOX_GATEWAY), inArray(bankCards.cardTokenLookup, lookups)))
      .limit(1)
    if (present) continue
    const [reserved] = await rowsOf<{ id: string | number }>(tx.execute(sql`select nextval(pg_get_serial_sequence('bank_cards', 'id')) as id`))
    const id = Number(reserved!.id)
    await tx
      .insert(bankCards)
      .overridingSystemValue()
      .values({
        id,
        borrowerId: borrowerId(c.borrower),
        bankCode: c.bankCode,
        bankName: c.bankName,
        maskedNo: maskCardNo(c.cardNo),
        last4: c.cardNo.slice(-4),
        gateway: SANDBOX_GATEWAY,
        cardToken: sealSecret(c.token, secrets, { table: CARD_TOKEN_SECRET.table, column: CARD_TOKEN_SECRET.column, row: id }),
        cardTokenLookup: lookupOf(c.token, secrets, CARD_TOKEN_SECRET.lookupScope),
        holderName: c.holderName,
      })
      .onConflictDoNothing()
  }
}
