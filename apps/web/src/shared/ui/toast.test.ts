import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { showLoading, showToast, toastDuration } from './toast'

describe('toasts', () => {
  it('last 2 s by default, a custom duration above 300 ms, otherwise 3 s (docs/product/screens.md#toasts-and-popups)', () => {
    expect(toastDuration()).toBe(2000)
    expect(toastDuration(5000)).toBe(5000)
    expect(toastDuration(301)).toBe(301)
    expect(toastDuration(300)).toBe(3000)
    expect(toastDuration(0)).toBe(3000)
  })

  it('shows a message and takes it away after its time', async () => {
    showToast('Saved', 400)
    expect(await screen.findByText('Saved')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Saved')).not.toBeInTheDocument(), { timeout: 2000 })
  })

  it('keeps a loading toast until it is closed', async () => {
    const close = showLoading('Loading…')
    expect(await screen.findByText('Loading…')).toBeInTheDocument()
    close()
    close()
    await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument())
  })
})
