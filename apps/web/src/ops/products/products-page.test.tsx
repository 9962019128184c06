import { orderDashboard, productPropose, productsOpsList, staffMe, type OpsProduct, type ProductDraft, type ProductVersionView } from '@kilat/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { mockCall, server } from '../../test/msw'
import { allowConsoleError } from '../../test/setup'
import { answerUnsaved, consoleMenuLink, unsavedAsked, unsavedQuestion } from '../test/dialogs'
import { renderOps, staffOf } from '../test/render-ops'
import { BLANK } from './products-page'

/** Kilat Tunai, Indonesia's product in force: version 1, nothing waiting. */
// A product the form shows: the new product's defaults with a name and its texts.
const DRAFT: ProductDraft = {
  ...BLANK,
  name: 'Kilat Tunai',
  description: { id: 'Pinjaman tunai', en: 'A cash loan', es: 'Un préstamo' },
  buttonText: { id: 'Ajukan', en: 'Apply', es: 'Solicitar' },
}
const PRODUCT: OpsProduct = { id: 3, code: 'kilat-tunai', market: 'ID', version: 1, isPartner: false, draft: DRAFT, headline: { kind: 'dailyCost', bps: 5 }, pending: null }
const day = { market: 'ID' as const, date: '2026-11-25', applications: 0, approvals: 0, rejections: 0, disbursed: 0, repaymentsReceived: 0, repaymentsCount: 0, ordersOverdue: 0, complaintsDueToday: null, complaintsOverdue: null }

let proposed: unknown[] = []

beforeEach(() => {
  proposed = []
  server.use(
    mockCall(staffMe, staffOf('admin')),
    mockCall(productsOpsList, { products: [PRODUCT], newProducts: [] }),
    mockCall(orderDashboard, { markets: [day] }),
    mockCall(productPropose, (request) => {
      proposed.push(request.form)
      const version: ProductVersionView = {
        id: 9,
        market: 'ID',
        code: PRODUCT.code,
        productId: PRODUCT.id,
        draft: DRAFT,
        status: 'pending',
        requestedBy: 7,
        requestedByEmail: 'admin@demo.kilat.example.com',
        requestedAt: '2026-12-01T03:00:00.000Z',
        decidedBy: null,
        decidedByEmail: null,
        decidedAt: null,
        expiresAt: '2099-12-08T03:00:00.000Z',
        publishedProductId: null,
      }
      return { version }
    }),
  )
})

const FORM = 'Change Kilat Tunai: a new version'
const leaving = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true })) === false

/** The products screen, reached from the dashboard by the menu (Back has somewhere to go), with Kilat Tunai's form open. */
async function openForm() {
  const user = userEvent.setup()
  const view = await renderOps('/ops/dashboard?market=ID')
  await user.click(await screen.findByRole('link', { name: 'Products' }))
  const row = await screen.findByRole('row', { name: /Kilat Tunai/ })
  await user.click(within(row).getByRole('button', { name: 'Change' }))
  const drawer = await screen.findByRole('dialog', { name: FORM })
  const rate = await within(drawer).findByLabelText('Interest a day (basis points)')
  return { ...view, user, drawer, rate }
}

describe('a product form with unsaved input', () => {
  // The form's money fields still use Input's `addonBefore`, deprecated since antd v6 (a warning in development only).
  beforeEach(() => allowConsoleError(/`addonBefore` is deprecated/))

  it('asks before a menu link leaves it, and Stay keeps the input and gives the focus back', async () => {
    const { user, router, rate } = await openForm()
    expect(leaving()).toBe(false)
    await user.type(rate, '1')
    // a reload or closing the tab: the browser asks
    expect(leaving()).toBe(true)

    const link = consoleMenuLink('Dashboard')
    await user.click(link)
    expect(await unsavedAsked()).toHaveTextContent('Your changes in this form have not been saved and will be lost if you leave now.')
    expect(router.state.location.pathname).toBe('/ops/products')

    await answerUnsaved(user, 'Stay')
    expect(router.state.location.pathname).toBe('/ops/products')
    expect(screen.getByLabelText('Interest a day (basis points)')).toHaveValue('51')
    await waitFor(() => expect(link).toHaveFocus())
    expect(leaving()).toBe(true)
  })

  it('goes where the menu link goes on Leave', async () => {
    const { user, router, rate } = await openForm()
    await user.type(rate, '1')
    await user.click(consoleMenuLink('Dashboard'))
    await answerUnsaved(user, 'Leave')
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/ops/dashboard')
    expect(leaving()).toBe(false)
  })

  it('asks before Back leaves it, and goes back on Leave', async () => {
    const { user, router, rate } = await openForm()
    await user.type(rate, '1')
    await act(() => router.navigate(-1))
    await answerUnsaved(user, 'Stay')
    expect(router.state.location.pathname).toBe('/ops/products')
    expect(screen.getByLabelText('Interest a day (basis points)')).toHaveValue('51')

    await act(() => router.navigate(-1))
    await answerUnsaved(user, 'Leave')
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument()
  })

  it('asks before the drawer closes: Stay keeps the form, Leave closes it', async () => {
    const { user, drawer, rate } = await openForm()
    await user.type(rate, '1')
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }))
    await answerUnsaved(user, 'Stay')
    expect(within(drawer).getByLabelText('Interest a day (basis points)')).toHaveValue('51')

    await user.click(within(drawer).getByRole('button', { name: 'Close' }))
    await answerUnsaved(user, 'Leave')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: FORM })).toBeNull())
    expect(leaving()).toBe(false)
  })

  it('asks nothing once the version is proposed', async () => {
    const { user, router, drawer, rate } = await openForm()
    await user.clear(rate)
    await user.type(rate, '6')
    await user.click(within(drawer).getByRole('button', { name: 'Propose this version' }))
    expect(await screen.findByText('Version proposed: another admin publishes it.')).toBeInTheDocument()
    expect(proposed).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: FORM })).toBeNull())
    expect(leaving()).toBe(false)

    await user.click(consoleMenuLink('Dashboard'))
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument()
    expect(unsavedQuestion()).toBeNull()
    expect(router.state.location.pathname).toBe('/ops/dashboard')
  })

  it('closes a form left untouched without a question', async () => {
    const { user, drawer } = await openForm()
    expect(leaving()).toBe(false)
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: FORM })).toBeNull())
    expect(unsavedQuestion()).toBeNull()
  })

  it('leaves a form left untouched by a menu link without a question', async () => {
    const { user, router } = await openForm()
    await user.click(consoleMenuLink('Dashboard'))
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument()
    expect(unsavedQuestion()).toBeNull()
    expect(router.state.location.pathname).toBe('/ops/dashboard')
  })
})
