/**
 * STP's refusals of an order (docs/operations/providers/stp.md#errors). STP answers HTTP 200 with
 * `resultado: { id, descripcionError }`: a positive id without description is the order's id; an
 * id of 0 or below with a description is a refusal whose id names it (0 is several things, told
 * apart by the description). Our reasons are what staff read on the payout (never the borrower):
 * short, in our words.
 *
 * - a definite refusal: the payout fails with the reason, the order stays approved for a new one;
 * - `duplicate` (-1, the tracking key was used): an earlier attempt of ours was taken, its answer
 *   lost; the adapter asks the order back by its key;
 * - `unknown`: STP did not say (no answer from its service, our signature refused because the key
 *   is wrong, a code we do not know): thrown, and the send is retried later with the same key.
 */
export type StpRefusal = { kind: 'refused'; reason: string } | { kind: 'duplicate' } | { kind: 'unknown'; detail: string }

export function mapStpRefusal(id: number, description: string): StpRefusal {
  switch (id) {
    case -1:
      return /clave de rastreo/i.test(description) ? { kind: 'duplicate' } : { kind: 'unknown', detail: `STP ${id}` }
    case -7:
      return { kind: 'refused', reason: 'the destination account does not exist (STP -7)' }
    case -9:
      return { kind: 'refused', reason: 'the destination bank is not valid (STP -9)' }
    case -11:
      return { kind: 'refused', reason: 'the destination account type is not valid (STP -11)' }
    case -20:
      return { kind: 'refused', reason: 'the amount is not valid (STP -20)' }
    case -22:
      return { kind: 'refused', reason: 'the destination bank does not match the CLABE (STP -22)' }
    case -24:
      return { kind: 'refused', reason: 'the destination is our own account (STP -24)' }
    case -34:
      return { kind: 'refused', reason: 'the tracking key is not valid (STP -34)' }
    case -200:
      return { kind: 'refused', reason: 'refused by STP anti money laundering checks (STP -200)' }
    case 0:
      if (/es obligatorio/i.test(description)) return { kind: 'refused', reason: 'a required field was missing (STP 0)' }
      if (/firma/i.test(description)) return { kind: 'unknown', detail: 'STP refused our signature: check STP_PRIVATE_KEY and STP_COMPANY' }
      return { kind: 'unknown', detail: 'STP did not get an answer from its service' }
    default:
      return { kind: 'unknown', detail: `STP ${id}` }
  }
}
