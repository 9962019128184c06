import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { GROUP_GAP, groupInFours, ungroup } from './group-in-fours.js'

const gaps = (text: string) => text.replaceAll(GROUP_GAP, ' ')

describe('groupInFours', () => {
  it('groups a virtual account, a CLABE and a mini market code in fours from the left', () => {
    expect(gaps(groupInFours('3935800012345678'))).toBe('3935 8000 1234 5678')
    expect(gaps(groupInFours('646180157000000004'))).toBe('6461 8015 7000 0000 04')
    expect(gaps(groupInFours('ALF8800123456'))).toBe('ALF8 8001 2345 6')
    expect(groupInFours('1234')).toBe('1234')
    expect(groupInFours('')).toBe('')
  })

  it('puts a thin space between groups: a line may break there, and nowhere inside a group', () => {
    expect(groupInFours('12345678')).toBe('1234\u20095678')
    // U+2009 is white space a line breaks after, unlike the no-break spaces
    expect(/\s/.test(GROUP_GAP)).toBe(true)
    expect(['\u00a0', '\u202f']).not.toContain(GROUP_GAP)
  })

  it('gives back the number it was made from, in groups of four with at most four left over (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{0,40}$/), (value) => {
        const grouped = groupInFours(value)
        expect(ungroup(grouped)).toBe(value)
        const groups = grouped.split(GROUP_GAP)
        if (value === '') return
        expect(groups.slice(0, -1).every((g) => g.length === 4)).toBe(true)
        expect(groups.at(-1)!.length).toBeGreaterThanOrEqual(1)
        expect(groups.at(-1)!.length).toBeLessThanOrEqual(4)
        expect(groups).toHaveLength(Math.ceil(value.length / 4))
      }),
    )
  })
})
