import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { SealedColumn } from '../../../adapters/secrets/reseal.js'
import { lookupOf, lookupsOf, openSecret, sealSecret, type Keyring, type SecretPlace } from '../../../adapters/secrets/secret-box.js'
import { bankCards, CARD_TOKEN_SECRET } from '../repayment.schema.js'

/**
 * The gateways' card tokens at rest (docs/decisions/0021-secrets-at-rest.md): sealed with the row's
 * id, and unique through their lookup (an HMAC) since a sealed value with a random IV cannot be.
 */

const place = (cardId: number): SecretPlace => ({ table: CARD_TOKEN_SECRET.table, column: CARD_TOKEN_SECRET.column, row: cardId })

/** The sealed token and its lookup under the current key, for a card of that id. */
export function sealCardToken(token: string, keyring: Keyring, cardId: number): { cardToken: string; cardTokenLookup: string } {
  return { cardToken: sealSecret(token, keyring, place(cardId)), cardTokenLookup: lookupOf(token, keyring, CARD_TOKEN_SECRET.lookupScope) }
}

export const openCardToken = (card: { id: number; cardToken: string }, keyring: Keyring) => openSecret(card.cardToken, keyring, place(card.id))

/** The token's lookup under each listed key: a card bound before a rotation still carries the old key's. */
export const cardTokenLookups = (token: string, keyring: Keyring) => lookupsOf(token, keyring, CARD_TOKEN_SECRET.lookupScope)

/** `npm run secrets:rotate` and the server's start re-seal this column (adapters/secrets/reseal.ts). */
export const cardTokenColumn: SealedColumn = {
  name: 'bank_cards.card_token',
  pending: (db, keyId, afterId, limit, onlyPlain) =>
    db
      .select({ id: bankCards.id, value: bankCards.cardToken })
      .from(bankCards)
      .where(
        and(
          gt(bankCards.id, afterId),
          // a plain token is one without a lookup (a check constraint), which a partial index finds at once
          onlyPlain ? isNull(bankCards.cardTokenLookup) : sql`left(${bankCards.cardToken}, ${keyId.length + 4}) <> ${`v1:${keyId}:`}`,
        ),
      )
      .orderBy(asc(bankCards.id))
      .limit(limit),
  open: (row, keyring) => openSecret(row.value, keyring, place(row.id)),
  replace: async (tx, row, plain, keyring) => {
    const updated = await tx
      .update(bankCards)
      .set(sealCardToken(plain, keyring, row.id))
      .where(and(eq(bankCards.id, row.id), eq(bankCards.cardToken, row.value)))
      .returning({ id: bankCards.id })
    return updated.length === 1
  },
}
