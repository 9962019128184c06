import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, it } from 'vitest'
import { mapError } from './errors.js'

/** A database error as the query builder throws it: its own error, the driver's as the cause. */
function dbError(code: string): Error {
  const driver = Object.assign(new Error('database refused'), { code, severity: 'ERROR' })
  return new DrizzleQueryError('insert into "events" ...', [], driver)
}

describe('mapError: PostgreSQL refusals are never a 500', () => {
  it.each([
    ['22021', 'invalidRequest'], // U+0000 in text
    ['22P05', 'invalidRequest'], // a character outside the encoding
    ['22003', 'invalidRequest'], // a number past int4 or int8
    ['22001', 'invalidRequest'], // a string past varchar(n)
    ['22P02', 'invalidRequest'], // not a number, not a uuid
    ['22007', 'invalidRequest'], // not a date
    ['23505', 'conflict'], // the row another request added a moment before
    ['40001', 'unavailable'], // serialization failure
    ['40P01', 'unavailable'], // deadlock
  ])('SQLSTATE %s is %s, logged', (code, key) => {
    expect(mapError(dbError(code))).toEqual({ key, data: null, unexpected: true, sqlState: code })
    // the driver's error on its own (a query outside the builder) maps the same way
    expect(mapError(Object.assign(new Error('x'), { code })).key).toBe(key)
  })

  it('leaves other database errors internal', () => {
    expect(mapError(dbError('42P01')).key).toBe('internal')
    expect(mapError(dbError('XX000')).key).toBe('internal')
  })

  it('does not read a Node error code as a SQLSTATE', () => {
    expect(mapError(Object.assign(new Error('pipe'), { code: 'EPIPE' })).key).toBe('internal')
  })
})
