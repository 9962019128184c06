import { PUBLIC_PAGE_PATHS, SCREEN_PATHS } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import { defaultTemplateId } from '../registration/registration.service.js'

/** The address parameters that carry a borrower's session (docs/product/shell-and-sessions.md#session-cookie-and-the-address-bar). */
const SESSION_PARAMS = ['tok', 'sessionId'] as const

/**
 * Where a public page sends its visitor before it is rendered, or undefined to render it:
 * - a session token in the address goes: a public page has no app script to take it out of the
 *   address bar, where a Referer header, a screenshot or a shared link would carry it on (the
 *   session cookie was set from it already);
 * - `/register` without an id opens the market's default landing page
 *   (docs/product/registration.md#channel-templates).
 */
export async function publicPageRedirect(db: Executor, url: string, market: Market): Promise<string | undefined> {
  const address = new URL(url, 'http://page')
  if (!PUBLIC_PAGE_PATHS.has(address.pathname)) return undefined
  let changed = false
  for (const name of SESSION_PARAMS) {
    if (address.searchParams.has(name)) {
      address.searchParams.delete(name)
      changed = true
    }
  }
  if (address.pathname === SCREEN_PATHS.register && !address.searchParams.get('id')) {
    const id = await defaultTemplateId(db, market)
    if (id !== undefined) {
      address.searchParams.set('id', String(id))
      changed = true
    }
  }
  return changed ? address.pathname + address.search : undefined
}
