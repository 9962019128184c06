import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { server } from '../test/msw'
import { mountPublicHtml, publicPageCalls, renderPublicHtml } from '../test/public-pages'
import { startPublicSite } from './public-site'

let stop: () => void = () => {}

async function open(url: string) {
  server.use(...publicPageCalls())
  const { html } = await renderPublicHtml(url)
  window.history.replaceState(null, '', url)
  mountPublicHtml(html)
  stop = startPublicSite(document)
}

beforeEach(() => {
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {})
})

afterEach(() => {
  stop()
  document.body.innerHTML = ''
})

describe('the marketing site island', () => {
  it('scrolls to each section, puts its path in the address and marks it current', async () => {
    await open('/?lang=en')
    const user = userEvent.setup()
    const nav = screen.getByRole('navigation', { name: 'Sections' })
    const scroll = vi.mocked(Element.prototype.scrollIntoView)

    for (const [name, path, id, title] of [
      ['About Us', '/About', 'about', 'About us · Kilat'],
      ['User reviews', '/User', 'user', 'User reviews · Kilat'],
      ['Privacy Policy', '/Policy', 'policy', 'Privacy policy · Kilat'],
      ['Loan terms and conditions', '/Loan', 'loan', 'Loan terms and conditions · Kilat'],
      ['Contact us', '/Contact', 'contact', 'Contact us · Kilat'],
      ['Home', '/', 'home', 'Instant loans · Kilat'],
    ] as const) {
      await user.click(within(nav).getByRole('link', { name }))
      expect(window.location.pathname + window.location.search).toBe(`${path}?lang=en`)
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
      expect(scroll.mock.contexts.at(-1)).toBe(document.getElementById(id))
      expect(document.activeElement).toBe(document.getElementById(id))
      expect(document.title).toBe(title)
    }
    expect(within(nav).getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1)
  })

  it('follows the browser’s back button to the section of the path', async () => {
    await open('/?lang=en')
    const user = userEvent.setup()
    const nav = within(screen.getByRole('navigation', { name: 'Sections' }))
    await user.click(nav.getByRole('link', { name: 'About Us' }))
    await user.click(nav.getByRole('link', { name: 'Contact us' }))
    window.history.back()
    await waitFor(() => expect(window.location.pathname).toBe('/About'))
    await waitFor(() => expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page'))
  })

  it('says the contact form is incomplete until all four fields are filled, then that it was sent', async () => {
    await open('/Contact?lang=en')
    const user = userEvent.setup()
    const toast = screen.getByRole('status')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(toast).toHaveTextContent('Please provide complete information!')
    await user.type(screen.getByLabelText('Name'), 'Rina')
    await user.type(screen.getByLabelText('Telephone'), '081234567890')
    await user.type(screen.getByLabelText('Email'), 'rina@example.com')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(toast).toHaveTextContent('Please provide complete information!')
    expect(screen.getByLabelText('Message')).toHaveFocus()
    await user.type(screen.getByLabelText('Message'), 'Hello')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(toast).toHaveTextContent('Submit successfully!')
    expect(screen.getByLabelText('Name')).toHaveValue('')
  })

  it('speaks the page’s language', async () => {
    await open('/Contact?lang=es')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(screen.getByRole('status')).toHaveTextContent('¡Por favor, completa toda la información!')
  })
})
