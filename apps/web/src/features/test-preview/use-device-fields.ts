import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation } from '../../shared/router'
import { useMarket } from '../../shared/market'
import { defaultFields, fieldsFromSearch, readStoredFields, storeFields, type DeviceFields } from './fields'

function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/**
 * The fields: the server renders defaults plus the address; in the browser the stored ones are
 * merged in after hydration (the server cannot see them), the address still winning.
 */
export function useDeviceFields() {
  const { market } = useMarket()
  const { search } = useLocation()
  const [initialSearch] = useState(search)
  const [fields, setFields] = useState<DeviceFields>(() => ({ ...defaultFields(market), ...fieldsFromSearch(initialSearch) }))
  const loaded = useRef(false)

  useEffect(() => {
    const stored = readStoredFields(localStorageOrUndefined())
    // eslint-disable-next-line react-hooks/set-state-in-effect -- storage exists only after hydration
    setFields((current) => ({ ...current, ...stored, ...fieldsFromSearch(initialSearch) }))
    loaded.current = true
  }, [initialSearch])

  useEffect(() => {
    if (loaded.current) storeFields(localStorageOrUndefined(), fields)
  }, [fields])

  const update = useCallback((patch: Partial<DeviceFields>) => setFields((current) => ({ ...current, ...patch })), [])
  const reset = useCallback(() => setFields(defaultFields(market)), [market])

  return { fields, update, reset }
}

/** The value after it stopped changing for a moment (no API call per keystroke). */
export function useSettledValue<T>(value: T, delayMs = 500): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}
