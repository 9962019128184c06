import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useMutation } from './mutation'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('useMutation', () => {
  it('is pending with its variables until the answer, then calls both onSuccess with it', async () => {
    const call = deferred<string>()
    const mutationFn = vi.fn((_input: { id: number }) => call.promise)
    const hookSuccess = vi.fn()
    const callSuccess = vi.fn()
    const { result } = renderHook(() => useMutation({ mutationFn, onSuccess: hookSuccess }))
    expect(result.current.isPending).toBe(false)
    act(() => result.current.mutate({ id: 7 }, { onSuccess: callSuccess }))
    expect(result.current.isPending).toBe(true)
    expect(result.current.variables).toEqual({ id: 7 })
    await act(async () => call.resolve('done'))
    expect(result.current.isPending).toBe(false)
    expect(hookSuccess).toHaveBeenCalledWith('done', { id: 7 })
    expect(callSuccess).toHaveBeenCalledWith('done')
  })

  it('ignores a second action while one is under way (no double submit)', async () => {
    const call = deferred<string>()
    const mutationFn = vi.fn(() => call.promise)
    const { result } = renderHook(() => useMutation({ mutationFn }))
    act(() => result.current.mutate(1))
    act(() => result.current.mutate(2))
    expect(mutationFn).toHaveBeenCalledTimes(1)
    await act(async () => call.resolve('x'))
    act(() => result.current.mutate(3))
    expect(mutationFn).toHaveBeenCalledTimes(2)
  })

  it('is no longer pending after a failure, and calls no onSuccess', async () => {
    const call = deferred<string>()
    const onSuccess = vi.fn()
    const { result } = renderHook(() => useMutation({ mutationFn: () => call.promise, onSuccess }))
    act(() => result.current.mutate(undefined, { onSuccess }))
    await act(async () => call.reject(new Error('refused')))
    await waitFor(() => expect(result.current.isPending).toBe(false))
    expect(onSuccess).not.toHaveBeenCalled()
  })

  it("drops the screen's own onSuccess once the screen has closed, but keeps the hook's (cache updates)", async () => {
    const call = deferred<string>()
    const hookSuccess = vi.fn()
    const callSuccess = vi.fn()
    const { result, unmount } = renderHook(() => useMutation({ mutationFn: () => call.promise, onSuccess: hookSuccess }))
    act(() => result.current.mutate(1, { onSuccess: callSuccess }))
    unmount()
    await act(async () => call.resolve('late'))
    expect(hookSuccess).toHaveBeenCalledWith('late', 1)
    expect(callSuccess).not.toHaveBeenCalled()
  })
})
