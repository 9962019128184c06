import { beforeEach, describe, expect, it } from 'vitest'
import { CHOICE_STORAGE_KEY, choosePayCode, choosePayType, DEFAULT_PAY_TYPE, freshChoice, readChoice, saveChoice } from './choice'

describe('the repay method kept on the device (docs/product/screens.md#individual)', () => {
  beforeEach(() => localStorage.clear())

  it('starts a fresh repayment with bank and isDefault 1 when nothing was chosen before', () => {
    expect(DEFAULT_PAY_TYPE).toBe(1)
    expect(freshChoice(readChoice(), 0)).toEqual({ payType: 1, payCode: '', specificNum: 0, isDefault: 1 })
  })

  it('marks a fresh repayment default again, keeping the last method to start from', () => {
    saveChoice({ payType: 2, payCode: 'INDOMARET', specificNum: 3, isDefault: 0 })
    expect(freshChoice(readChoice(), 2)).toEqual({ payType: 2, payCode: 'INDOMARET', specificNum: 2, isDefault: 1 })
  })

  it('sets isDefault 0 after a manual choice of method', () => {
    const fresh = freshChoice(null, 0)
    expect(choosePayCode(fresh, 'BCA')).toEqual({ payType: 1, payCode: 'BCA', specificNum: 0, isDefault: 0 })
  })

  it('clears the chosen method when the pay type changes, and keeps it when the same type is chosen again', () => {
    const chosen = choosePayCode(freshChoice(null, 2), 'BCA')
    expect(choosePayType(chosen, 2)).toEqual({ payType: 2, payCode: '', specificNum: 2, isDefault: 0 })
    expect(choosePayType(chosen, 1)).toBe(chosen)
  })

  it('keeps its four fields in local storage, and ignores what it did not write', () => {
    saveChoice({ payType: 1, payCode: 'BNI', specificNum: 1, isDefault: 0 })
    expect(JSON.parse(localStorage.getItem(CHOICE_STORAGE_KEY) ?? '')).toEqual({ payType: 1, payCode: 'BNI', specificNum: 1, isDefault: 0 })
    expect(readChoice()).toEqual({ payType: 1, payCode: 'BNI', specificNum: 1, isDefault: 0 })
    localStorage.setItem(CHOICE_STORAGE_KEY, '{"payType":3,"payCode":"BNI","specificNum":0,"isDefault":1}')
    expect(readChoice()).toBeNull()
    localStorage.setItem(CHOICE_STORAGE_KEY, 'not json')
    expect(readChoice()).toBeNull()
  })
})
