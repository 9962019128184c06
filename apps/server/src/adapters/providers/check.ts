import type { Config } from '../../config.js'
import type { ProviderCheck } from './provider-http.js'
import type { Providers } from './registry.js'

/** One line of `npm run providers:check`: a live provider of some markets, and what it answered. */
export interface CheckLine {
  kind: string
  provider: string
  markets: string[]
  callbackUrl: string
  result: ProviderCheck
}

/**
 * Asks each live provider something harmless (its balance, its key's own details) and whether the
 * callback address it has is ours (docs/operations/going-live.md#before-the-first-real-loan). One at
 * a time: a provider that does not answer takes its timeout, not the others'.
 */
export async function checkProviders<M extends string>(providers: Providers<M>, config: Pick<Config, 'PUBLIC_URL'>): Promise<CheckLine[]> {
  const lines: CheckLine[] = []
  for (const { provider, kind, markets, callbackPath } of providers.live) {
    const callbackUrl = `${config.PUBLIC_URL ?? ''}${callbackPath}`
    let result: ProviderCheck
    try {
      result = await provider.check(callbackUrl)
    } catch (error) {
      result = { provider: provider.name, keys: 'unreachable', callback: 'unknown', detail: error instanceof Error ? error.message : String(error) }
    }
    lines.push({ kind, provider: provider.name, markets, callbackUrl, result })
  }
  return lines
}

/** The report an operator reads: each market's providers, then each live one's answer; `ok` when every key works and no callback address differs. */
export function checkReport<M extends string>(providers: Providers<M>, lines: CheckLine[]): { text: string; ok: boolean } {
  const out: string[] = []
  for (const market of providers.payments.markets) {
    out.push(`${market}: payments ${providers.choice.payments[market]}, payouts ${providers.choice.payouts[market]}, sms ${providers.choice.sms[market]}`)
  }
  if (lines.length === 0) out.push('Every market uses the sandbox: no keys to check (it moves no real money and sends no SMS).')
  for (const line of lines) {
    const keys = { ok: 'keys work', refused: 'KEYS REFUSED', unreachable: 'NOT REACHABLE' }[line.result.keys]
    const callback = { matches: 'callback address is ours', differs: `CALLBACK ADDRESS DIFFERS (ours: ${line.callbackUrl})`, unknown: `callback address not readable through its API: set it to ${line.callbackUrl}` }[line.result.callback]
    out.push(`${line.kind} ${line.provider} (${line.markets.join(', ')}): ${keys}; ${callback}. ${line.result.detail}`)
  }
  const ok = lines.every((l) => l.result.keys === 'ok' && l.result.callback !== 'differs')
  out.push(ok ? 'providers:check: ok' : 'providers:check: FAILED')
  return { text: out.join('\n'), ok }
}
