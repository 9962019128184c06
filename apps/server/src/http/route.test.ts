import { describe, expect, it } from 'vitest'
import { answerCheckOf } from './route.js'

describe('answerCheckOf', () => {
  it('checks every answer in tests and from source, samples the built server in development, none in production', () => {
    expect(answerCheckOf('test', false)).toBe('every')
    expect(answerCheckOf('development', true)).toBe('every')
    expect(answerCheckOf('development', false)).toBe('sampled')
    expect(answerCheckOf('production', false)).toBe('off')
    expect(answerCheckOf('production', true)).toBe('off')
  })

  it('knows this suite runs from source', () => {
    expect(answerCheckOf('development')).toBe('every')
  })
})
