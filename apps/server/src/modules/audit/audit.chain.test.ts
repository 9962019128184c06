import { describe, expect, it } from 'vitest'
import { GENESIS_HASH, canonicalJson, chainHash, firstBrokenLink, type ChainFields, type ChainRow } from './audit.chain.js'

const fields = (n: number): ChainFields => ({
  at: `2026-03-02T08:00:0${n}.000Z`,
  staffId: n,
  role: 'admin',
  action: 'staff.disable',
  recordType: 'staff',
  recordId: String(100 + n),
  before: { disabled: false, markets: ['ID'] },
  after: { disabled: true, markets: ['ID'] },
  ip: '10.0.0.1',
})

function chain(length: number): ChainRow[] {
  const rows: ChainRow[] = []
  let prev = GENESIS_HASH
  for (let i = 1; i <= length; i++) {
    const hash = chainHash(prev, fields(i))
    rows.push({ id: i, ...fields(i), prevHash: prev, hash })
    prev = hash
  }
  return rows
}

describe('canonical JSON', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: undefined, x: 'é' }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":"é","z":1}]},"b":1}')
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }))
    expect(canonicalJson(undefined)).toBe('null')
  })
})

describe('the hash chain', () => {
  it('is SHA-256 over the previous hash and the fields, whatever their key order', () => {
    const hash = chainHash(GENESIS_HASH, fields(1))
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    const reordered = Object.fromEntries(Object.entries(fields(1)).reverse()) as unknown as ChainFields
    expect(chainHash(GENESIS_HASH, reordered)).toBe(hash)
    expect(chainHash('f'.repeat(64), fields(1))).not.toBe(hash)
    expect(chainHash(GENESIS_HASH, { ...fields(1), after: { disabled: false, markets: ['ID'] } })).not.toBe(hash)
  })

  it('holds when nothing changed', () => {
    expect(firstBrokenLink(chain(5))).toBeNull()
    expect(firstBrokenLink([])).toBeNull()
  })

  it('breaks at a changed row', () => {
    const rows = chain(5)
    rows[2] = { ...rows[2]!, after: { disabled: false } }
    expect(firstBrokenLink(rows)).toEqual({ id: 3, reason: 'hash' })
  })

  it('breaks after a removed row', () => {
    const rows = chain(5)
    rows.splice(1, 1)
    expect(firstBrokenLink(rows)).toEqual({ id: 3, reason: 'prev_hash' })
  })

  it('breaks at swapped rows and at a row rewritten with a recomputed hash', () => {
    const swapped = chain(4)
    ;[swapped[1], swapped[2]] = [swapped[2]!, swapped[1]!]
    expect(firstBrokenLink(swapped)).toEqual({ id: 3, reason: 'prev_hash' })
    const rewritten = chain(4)
    const forged = { ...rewritten[1]!, ip: '10.9.9.9' }
    rewritten[1] = { ...forged, hash: chainHash(forged.prevHash, forged) }
    expect(firstBrokenLink(rewritten)).toEqual({ id: 3, reason: 'prev_hash' })
  })

  it('continues from the hash of the page before', () => {
    const rows = chain(4)
    expect(firstBrokenLink(rows.slice(2), rows[1]!.hash)).toBeNull()
    expect(firstBrokenLink(rows.slice(2), rows[0]!.hash)).toEqual({ id: 3, reason: 'prev_hash' })
  })
})
