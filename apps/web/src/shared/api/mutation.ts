import { useCallback, useEffect, useRef, useState } from 'react'

export interface MutateOptions<R> {
  onSuccess?: (data: R) => void
}

export interface Mutation<V, R> {
  /** Sends the call; a failure is already shown to the borrower by the API client (a toast). */
  mutate: (variables: V, options?: MutateOptions<R>) => void
  isPending: boolean
  /** What the pending (or last) call was sent with. */
  variables: V | undefined
}

/**
 * A call a screen makes on the borrower's action (apply, push, rate, open an agreement): whether
 * one is under way, and what to do with its answer. The same shape as TanStack Query's
 * `useMutation` where the screens use it, in a fraction of its size on every such screen's first
 * load (docs/product/platform.md#rendering-and-speed). A second action while one is under way is
 * ignored (no double submit); an answer arriving after the screen closed is dropped.
 */
export function useMutation<V, R>(options: { mutationFn: (variables: V) => Promise<R>; onSuccess?: (data: R, variables: V) => void }): Mutation<V, R> {
  const [state, setState] = useState<{ isPending: boolean; variables: V | undefined }>({ isPending: false, variables: undefined })
  const busy = useRef(false)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  const { mutationFn, onSuccess } = options

  const mutate = useCallback(
    (variables: V, each?: MutateOptions<R>) => {
      if (busy.current) return
      busy.current = true
      setState({ isPending: true, variables })
      mutationFn(variables).then(
        (data) => {
          busy.current = false
          onSuccess?.(data, variables)
          if (!mounted.current) return
          setState({ isPending: false, variables })
          each?.onSuccess?.(data)
        },
        () => {
          busy.current = false
          if (mounted.current) setState({ isPending: false, variables })
        },
      )
    },
    [mutationFn, onSuccess],
  )
  return { mutate, isPending: state.isPending, variables: state.variables }
}
