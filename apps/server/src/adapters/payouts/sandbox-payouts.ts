import { randomBytes } from 'node:crypto'
import type { PayoutInput, PayoutProvider, PayoutResult } from './payout-provider.js'

export const SANDBOX_PAYOUTS = 'sandbox'

/** docs/product/operations.md#disbursement: the amount's last two digits that the sandbox refuses. */
export const SANDBOX_REFUSED_CENTS = 13

export const SANDBOX_REFUSAL = 'The receiving bank refused the transfer (sandbox: an amount ending in 13 cents).'

/**
 * The built-in payout provider: sends every payout at once, except one whose amount ends in 13
 * cents (Rp 1.000.000,13), which it refuses as a bank would a closed account. A recognisable rule
 * rather than a random one, so that a demo and a test can show a failed payout on purpose.
 * `refuse` replaces the rule (tests that need a refusal once, then a success).
 */
export class SandboxPayouts implements PayoutProvider {
  readonly name = SANDBOX_PAYOUTS
  private readonly refuse: (input: PayoutInput) => string | null

  constructor(options: { refuse?: (input: PayoutInput) => string | null } = {}) {
    this.refuse = options.refuse ?? sandboxRule
  }

  async send(input: PayoutInput): Promise<PayoutResult> {
    const reason = this.refuse(input)
    if (reason !== null) return { ok: false, reason }
    return { ok: true, providerRef: `po_${randomBytes(12).toString('hex')}` }
  }
}

/** The sandbox's own rule: amounts ending in 13 cents are refused. */
export function sandboxRule(input: PayoutInput): string | null {
  return input.amount % 100 === SANDBOX_REFUSED_CENTS ? SANDBOX_REFUSAL : null
}
