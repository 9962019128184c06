import { providerCallbacks } from './metrics.js'

export type CallbackKind = 'payment' | 'payout'

/**
 * A provider's callback, accepted (stored, or a repeat of one stored) or refused (a signature, a
 * body or a reference we do not know): docs/operations/metrics.md#providers.
 */
export function countCallback(provider: string, kind: CallbackKind, outcome: 'accepted' | 'refused'): void {
  providerCallbacks.inc({ provider, kind, outcome })
}
