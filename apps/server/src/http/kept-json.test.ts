import fc from 'fast-check'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { answerEncoding } from './compression.js'
import { gzipPieces, holdsKept, keepJson, spliceJson } from './kept-json.js'

const json = fc.jsonValue()

describe('kept parts of an answer', () => {
  it('writes exactly what JSON.stringify writes, wherever kept parts stand, and gzip of the pieces decodes to it', () => {
    fc.assert(
      fc.property(json, fc.array(fc.array(json), { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 2_000 }), (own, keptValues, storeBelow) => {
        const plain = { own, parts: keptValues, after: own }
        const answer = { own, parts: keptValues.map((v) => keepJson([...v])), after: own }
        const spliced = spliceJson(answer)
        const expected = JSON.stringify(plain)
        expect(spliced.text).toBe(expected)
        expect(spliced.pieces).toHaveLength(2 * keptValues.length + 1)
        expect(gunzipSync(gzipPieces(spliced.pieces!, 6, storeBelow)).toString()).toBe(expected)
      }),
      { numRuns: 200 },
    )
  })

  it('is an ordinary value anywhere else: JSON.stringify outside an answer writes it in full', () => {
    const kept = keepJson([{ name: 'Dana Kilat', tags: ['cepat'] }])
    expect(JSON.stringify({ list: kept })).toBe('{"list":[{"name":"Dana Kilat","tags":["cepat"]}]}')
    expect(Object.isFrozen(kept)).toBe(true)
    expect(spliceJson({ list: [1] })).toEqual({ text: '{"list":[1]}' })
    // answers look for kept parts as the data or one of its fields
    expect([holdsKept(kept), holdsKept({ a: 1, list: kept }), holdsKept({ deeper: { list: kept } }), holdsKept([1]), holdsKept(null)]).toEqual([true, true, false, false, false])
  })

  it('ends the stream when a kept part is the last piece, and keeps multi-byte text whole', () => {
    const kept = keepJson(['Rp 1.000.000 – ₹2,000 – año'])
    const spliced = spliceJson(kept)
    expect(spliced.pieces).toEqual(['', expect.anything(), ''])
    expect(gunzipSync(gzipPieces([spliced.pieces![1]!], 6, 1024)).toString()).toBe(JSON.stringify(['Rp 1.000.000 – ₹2,000 – año']))
    const long = 'é'.repeat(3_000)
    const around = spliceJson({ long, kept, again: long })
    expect(gunzipSync(gzipPieces(around.pieces!, 6, 1024)).toString()).toBe(around.text)
  })

  it('goes gzip for an answer with kept parts only where the client weighs gzip as high as brotli', () => {
    expect(answerEncoding('gzip, deflate, br', 'gzip')).toBe('gzip')
    expect(answerEncoding('gzip, deflate, br')).toBe('br')
    expect(answerEncoding('br;q=1, gzip;q=0.5', 'gzip')).toBe('br')
    expect(answerEncoding('br', 'gzip')).toBe('br')
    expect(answerEncoding('identity', 'gzip')).toBeUndefined()
  })
})
