import type { ExtensionDetail } from './repayment.js'

/*
 * The extension's answer under the code's names (docs/product/repayment.md#names-on-the-wire): the
 * wire calls an extension "delay". A module of its own so that only the extension's screen loads it.
 */

/** The extension answer's wire fields, by the names the code gives them. */
export const EXTENSION_ON_THE_WIRE = {
  amount: 'delayShouldPayAmount',
  amountText: 'delayShouldPayText',
  expiresAt: 'delayExpiryTime',
} as const satisfies Record<string, keyof ExtensionDetail>

export type ExtensionDue = { [K in keyof typeof EXTENSION_ON_THE_WIRE]: ExtensionDetail[(typeof EXTENSION_ON_THE_WIRE)[K]] }

/** What an extension asks for now and until when, read from the wire's `delay…` fields. */
export function extensionDue(detail: ExtensionDetail): ExtensionDue {
  const w = EXTENSION_ON_THE_WIRE
  return { amount: detail[w.amount], amountText: detail[w.amountText], expiresAt: detail[w.expiresAt] }
}
