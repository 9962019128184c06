import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { groupsOfFour } from './groups-of-four.js'

describe('groupsOfFour', () => {
  it('groups a virtual account, a CLABE and a mini market code in fours from the left', () => {
    expect(groupsOfFour('3935800012345678')).toEqual(['3935', '8000', '1234', '5678'])
    expect(groupsOfFour('646180157000000004')).toEqual(['6461', '8015', '7000', '0000', '04'])
    expect(groupsOfFour('ALF8800123456')).toEqual(['ALF8', '8001', '2345', '6'])
    expect(groupsOfFour('1234')).toEqual(['1234'])
    expect(groupsOfFour('')).toEqual([])
  })

  it('gives back the number it was made from, in groups of four with one to four left over (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{0,40}$/), (value) => {
        const groups = groupsOfFour(value)
        expect(groups.join('')).toBe(value)
        expect(groups).toHaveLength(Math.ceil(value.length / 4))
        expect(groups.slice(0, -1).every((g) => g.length === 4)).toBe(true)
        if (groups.length > 0) expect(groups.at(-1)!.length).toBeGreaterThanOrEqual(1)
        expect(groups.every((g) => g.length <= 4)).toBe(true)
      }),
    )
  })
})
