import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ANDROID_INTERFACE, BRIDGE_MESSAGES, bridgeEnvironment, configureBridgeFallback, sendToNative } from './index'

type BridgeWindow = Window & { webkit?: unknown } & Record<string, unknown>
const win = window as unknown as BridgeWindow

afterEach(() => {
  delete win.webkit
  delete win[ANDROID_INTERFACE]
})

describe('native bridge', () => {
  it('knows all eleven messages of the shell (docs/product/screens.md#native-bridge)', () => {
    expect([...BRIDGE_MESSAGES].sort()).toEqual(
      ['to', 'closeWebview', 'toP', 'toHome', 'toMine', 'offToLogin', 'callTelephone', 'toRate', 'confirmBurialPoint', 'startBank', 'endBank'].sort(),
    )
  })

  it('posts the payload object to the iOS message handler of that name', () => {
    const postMessage = vi.fn()
    win.webkit = { messageHandlers: { toP: { postMessage }, callTelephone: { postMessage } } }
    expect(bridgeEnvironment(window)).toBe('ios')
    expect(sendToNative('toP', { productId: '12' })).toBe('ios')
    expect(postMessage).toHaveBeenCalledWith({ productId: '12' })
    sendToNative('callTelephone', { phone: '+62 21 555' })
    expect(postMessage).toHaveBeenLastCalledWith({ phone: '+62 21 555' })
  })

  it('calls the Android JavaScript interface with the payload as JSON', () => {
    const toRate = vi.fn()
    const closeWebview = vi.fn()
    win[ANDROID_INTERFACE] = { toRate, closeWebview }
    expect(bridgeEnvironment(window)).toBe('android')
    expect(sendToNative('toRate', { score: 5 })).toBe('android')
    expect(toRate).toHaveBeenCalledWith('{"score":5}')
    sendToNative('closeWebview')
    expect(closeWebview).toHaveBeenCalledWith('{}')
  })

  describe('in a plain browser', () => {
    it('goes to the home page for toHome', () => {
      const navigate = vi.fn()
      configureBridgeFallback({ navigate })
      expect(sendToNative('toHome')).toBe('browser')
      expect(navigate).toHaveBeenCalledWith('/')
    })

    it('goes back for closeWebview, or home when there is no history', () => {
      const navigate = vi.fn()
      configureBridgeFallback({ navigate })
      const back = vi.spyOn(window.history, 'back').mockImplementation(() => {})
      const length = vi.spyOn(window.history, 'length', 'get')
      length.mockReturnValue(3)
      sendToNative('closeWebview')
      expect(back).toHaveBeenCalled()
      expect(navigate).not.toHaveBeenCalled()
      length.mockReturnValue(1)
      sendToNative('closeWebview')
      expect(navigate).toHaveBeenCalledWith('/')
    })

    it('opens the address of `to` in the page: ours through the app, another site in place, a shell scheme shown', () => {
      const navigate = vi.fn()
      const notify = vi.fn()
      configureBridgeFallback({ navigate, notify })
      expect(sendToNative('to', { url: '/loan-confirm?productId=3' })).toBe('browser')
      expect(navigate).toHaveBeenLastCalledWith('/loan-confirm?productId=3')
      sendToNative('to', { url: 'loan-detail?orderId=K1' })
      expect(navigate).toHaveBeenLastCalledWith('/loan-detail?orderId=K1')
      const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
      sendToNative('to', { url: 'https://partner.example/apply' })
      expect(assign).toHaveBeenCalledWith('https://partner.example/apply')
      sendToNative('to', { url: 'kilat://product/3' })
      expect(notify).toHaveBeenCalledWith('to', { url: 'kilat://product/3' })
      expect(navigate).toHaveBeenCalledTimes(2)
    })

    it('opens tel: for callTelephone', () => {
      const assigned: string[] = []
      const location = { set href(value: string) { assigned.push(value) } }
      vi.spyOn(window, 'location', 'get').mockReturnValue(location as unknown as Location)
      sendToNative('callTelephone', { phone: '+62 (21) 555-0100' })
      expect(assigned).toEqual(['tel:+62215550100'])
    })

    it('shows the message and payload it would have sent for the others', async () => {
      sendToNative('toP', { productId: '7' })
      const dialog = await screen.findByRole('dialog')
      expect(within(dialog).getByText('Message to the app')).toBeInTheDocument()
      expect(within(dialog).getByText('toP')).toBeInTheDocument()
      expect(within(dialog).getByText(/"productId": "7"/)).toBeInTheDocument()
    })

    it('uses the browser fallback for a message the shell does not handle', () => {
      win.webkit = { messageHandlers: { toHome: { postMessage: vi.fn() } } }
      const notify = vi.fn()
      configureBridgeFallback({ notify })
      expect(sendToNative('startBank', { orderId: '1' })).toBe('browser')
      expect(notify).toHaveBeenCalledWith('startBank', { orderId: '1' })
    })
  })
})
