import { staffMe, staffSignOut, type StaffMe } from '@kilat/contract'
import { isMarket, type Market } from '@kilat/domain'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate, useSearchParams } from '../../shared/router'
import { isSessionError, useApi } from '../../shared/api'

/** The signed-in staff member: `GET /ops-api/staff/me`, kept for the whole visit. */
export const ME_KEY = ['ops', 'me'] as const

/**
 * Whether this browser signed in to the console and has not signed out since. Without it the
 * console goes straight to the sign-in instead of asking who is signed in, an answer that could
 * only be 401. Not a credential: the session is the HttpOnly cookie, checked by the server.
 */
const SIGNED_IN_HINT = 'kilat.ops.signed-in'

export function hasSignedInHint(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1'
  } catch {
    return true
  }
}

export function setSignedInHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT, '1')
    else localStorage.removeItem(SIGNED_IN_HINT)
  } catch {
    // Without storage the console asks the server each time, which is right too.
  }
}

export function useStaffQuery() {
  const { callApi } = useApi()
  return useQuery({
    queryKey: ME_KEY,
    queryFn: ({ signal }) => callApi(staffMe, {}, { signal }),
    staleTime: Infinity,
    retry: false,
    enabled: hasSignedInHint(),
  })
}

/** The staff member inside the signed-in layout (which renders nothing before it is known). */
export function useStaff(): StaffMe {
  const { data } = useStaffQuery()
  if (!data) throw new Error('useStaff outside the signed-in layout')
  return data
}

/** Remembers the staff member a sign-in answered, so the layout opens without asking again. */
export function signedIn(queryClient: QueryClient, staff: StaffMe): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === 'ops' && query.queryKey[1] !== 'me' })
  queryClient.setQueryData(ME_KEY, staff)
  setSignedInHint(true)
}

export function useSignOut(): () => Promise<void> {
  const { callApi } = useApi()
  const navigate = useNavigate()
  return useCallback(async () => {
    try {
      await callApi(staffSignOut, {})
    } catch (error) {
      // An ended session is signed out already.
      if (!isSessionError(error)) throw error
    }
    setSignedInHint(false)
    await navigate('/ops/sign-in?signedOut=1')
  }, [callApi, navigate])
}

/**
 * The market the console works in: `?market=` when it is one of the staff member's, else their
 * first. Kept in the address so a link names it.
 */
export function useOpsMarket(): [Market, (market: Market) => void] {
  const staff = useStaff()
  const [params, setParams] = useSearchParams()
  const asked = params.get('market')?.toUpperCase()
  const market = asked && isMarket(asked) && staff.markets.includes(asked) ? asked : (staff.markets[0] ?? 'ID')
  const setMarket = useCallback(
    (next: Market) => {
      // Another market's lists start from their first page, with no filter of this one's records.
      setParams({ market: next })
    },
    [setParams],
  )
  return [market, setMarket]
}
