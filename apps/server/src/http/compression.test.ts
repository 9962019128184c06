import { describe, expect, it } from 'vitest'
import { answerEncoding } from './compression.js'

describe('answerEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.5, gzip', 'gzip'],
    ['gzip;q=1.0, br;q=1.0', 'br'],
    ['br;q=abc', undefined],
  ] as const)('%s → %s', (header, expected) => {
    expect(answerEncoding(header)).toBe(expected)
  })
})
