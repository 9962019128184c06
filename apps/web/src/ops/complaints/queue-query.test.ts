import { describe, expect, it } from 'vitest'
import { orderStatusText } from '../app/status-names'
import { queueQueryOf } from './queue-page'

describe("the complaint queue's query", () => {
  it('opens on the open work: complaints waiting for a reply', () => {
    expect(queueQueryOf(new URLSearchParams(''), 'ID')).toEqual({ market: 'ID', status: 'processing' })
  })

  it('asks for every status when the address says all, and keeps the other filters', () => {
    expect(queueQueryOf(new URLSearchParams('status=all&due=overdue&assignee=me&cursor=abc'), 'MX')).toEqual({ market: 'MX', due: 'overdue', assignee: 'me', cursor: 'abc' })
    expect(queueQueryOf(new URLSearchParams('status=closed'), 'IN')).toEqual({ market: 'IN', status: 'closed' })
  })
})

describe('order status names', () => {
  it('are the domain’s names in each language, never the number', () => {
    expect(orderStatusText(21, 'en')).toBe('Under review')
    expect(orderStatusText(21, 'id')).toBe('Sedang ditinjau')
    expect(orderStatusText(21, 'es')).toBe('En revisión')
    expect(orderStatusText(174, 'en')).toBe('Payment due')
  })

  it('say what an unknown number is rather than showing it bare', () => {
    expect(orderStatusText(999, 'en', (n) => `Status code ${n}`)).toBe('Status code 999')
  })
})
