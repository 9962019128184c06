import { z } from 'zod'

/**
 * The shared parameters of the app shell, in both naming sets, plus the market and language
 * selectors (docs/product/shell-and-sessions.md#shared-parameters). The app shell opens a page
 * with them in the query string; every call forwards them.
 */
export const SHARED_PARAM_KEYS = [
  // first naming set
  'dId', 'aMar', 'aVer', 'tok', 'aTp', 'dNa', 'oVer', 'gid', 'pf',
  // second naming set
  'deviceId', 'appVersion', 'userId', 'appName', 'sessionId', 'clientType', 'merchantNumber', 'mobilePhone',
  // market and language
  'isNeedPop', 'market', 'lang',
] as const

export type SharedParamKey = (typeof SHARED_PARAM_KEYS)[number]
export type SharedParams = Partial<Record<SharedParamKey, string>>

/** Parameters that identify or authenticate the borrower: never logged, stripped from the address bar. */
export const SECRET_PARAM_KEYS: readonly SharedParamKey[] = ['tok', 'sessionId', 'mobilePhone']

const value = z.string().max(256)

export const sharedParamsSchema = z.object(
  Object.fromEntries(SHARED_PARAM_KEYS.map((k) => [k, value.optional()])) as Record<SharedParamKey, z.ZodOptional<typeof value>>,
)

/** Keeps the shared parameters of a query (anything else is the call's own). */
export function pickSharedParams(source: URLSearchParams | Record<string, unknown>): SharedParams {
  const out: SharedParams = {}
  for (const key of SHARED_PARAM_KEYS) {
    const raw = source instanceof URLSearchParams ? source.get(key) : source[key]
    if (typeof raw === 'string' && raw.length > 0 && raw.length <= 256) out[key] = raw
  }
  return out
}

/** `tok` (first set) or `sessionId` (second set): both name the session token. */
export function sessionTokenFrom(params: SharedParams): string | undefined {
  return params.tok ?? params.sessionId
}
