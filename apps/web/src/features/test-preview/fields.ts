import { isLocale, isMarket, marketFrom, type Locale, type Market } from '@kilat/domain'

/** The device fields (docs/product/screens.md#testpreview) plus market and language: what the app shell would pass. */
export interface DeviceFields {
  appVersion: string
  deviceName: string
  deviceId: string
  osVersion: string
  sessionId: string
  adId: string
  productId: string
  orderId: string
  market: Market
  /** Empty: the market's own language. */
  lang: Locale | ''
}

export type TextFieldName = Exclude<keyof DeviceFields, 'market' | 'lang'>

export const TEXT_FIELDS: readonly TextFieldName[] = [
  'appVersion', 'deviceName', 'deviceId', 'osVersion', 'sessionId', 'adId', 'productId', 'orderId',
]

/** Query parameter of each text field, named as the shell sends them (docs/product/shell-and-sessions.md#shared-parameters). */
export const FIELD_PARAM: Record<TextFieldName, string> = {
  appVersion: 'aVer',
  deviceName: 'dNa',
  deviceId: 'dId',
  osVersion: 'oVer',
  sessionId: 'tok',
  adId: 'gid',
  productId: 'productId',
  orderId: 'orderId',
}

/**
 * The demo sessions the server seeds in demo mode, by market: the borrower's market decides the
 * products, currency and rate headline (APR, CAT) a screen shows. The first is the main one.
 */
export const DEMO_SESSIONS: Record<Market, readonly [string, ...string[]]> = {
  ID: ['demo-borrower', 'demo-borrower-2'],
  IN: ['demo-borrower-in'],
  MX: ['demo-borrower-mx'],
}

export const STORAGE_KEY = 'kilat.test-preview.fields'

export function defaultFields(market: Market): DeviceFields {
  return {
    appVersion: '1.0.0',
    deviceName: 'Preview browser',
    deviceId: 'preview-device',
    osVersion: 'Web',
    sessionId: '',
    adId: '',
    productId: '',
    orderId: '',
    market,
    lang: '',
  }
}

/** What the address says (the shell opened this page with it): only the parameters present. */
export function fieldsFromSearch(search: string): Partial<DeviceFields> {
  const params = new URLSearchParams(search)
  const out: Partial<DeviceFields> = {}
  for (const name of TEXT_FIELDS) {
    const value = params.get(FIELD_PARAM[name])
    if (value) out[name] = value
  }
  const session = params.get('tok') ?? params.get('sessionId')
  if (session) out.sessionId = session
  if (params.has('isNeedPop') || params.has('market')) out.market = marketFrom({ isNeedPop: params.get('isNeedPop'), market: params.get('market') })
  const lang = params.get('lang')
  if (isLocale(lang)) out.lang = lang
  return out
}

export function readStoredFields(storage: Storage | undefined): Partial<DeviceFields> {
  try {
    const raw = storage?.getItem(STORAGE_KEY)
    if (!raw) return {}
    const parsed = JSON.parse(raw) as Record<string, unknown>
    const out: Partial<DeviceFields> = {}
    for (const name of TEXT_FIELDS) if (typeof parsed[name] === 'string') out[name] = parsed[name]
    if (isMarket(parsed.market)) out.market = parsed.market
    if (parsed.lang === '' || isLocale(parsed.lang)) out.lang = parsed.lang
    return out
  } catch {
    return {}
  }
}

export function storeFields(storage: Storage | undefined, fields: DeviceFields): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(fields))
  } catch {
    // Private mode or a full quota: the fields still work for this visit.
  }
}

/** The query string a screen link carries: filled fields only, market as isNeedPop (and market=MX). */
export function screenQuery(fields: DeviceFields): string {
  const params = new URLSearchParams()
  for (const name of TEXT_FIELDS) {
    const value = fields[name].trim()
    if (value) params.set(FIELD_PARAM[name], value)
  }
  params.set('isNeedPop', fields.market === 'IN' ? '1' : '0')
  if (fields.market === 'MX') params.set('market', 'MX')
  if (fields.lang) params.set('lang', fields.lang)
  return params.toString()
}
