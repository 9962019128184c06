import { problemInit, problemSave, uploadProblemImg } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { fail, mockCall, server, type MockRequest } from '../../test/msw'
import { renderApp } from '../../test/render-app'
import { DRAFT_KEY } from './draft'
import { problemInitData } from './test-fixtures'

const FORM = '/complainPageNext?problemType=3&orderNo=K2026000006&problemIndex=2&lang=en'

function setUp(overrides: { saved?: MockRequest['form'][]; uploads?: { field: string; name: string }[] } = {}) {
  let uploaded = 0
  server.use(
    mockCall(problemInit, problemInitData()),
    mockCall(problemSave, ({ form }) => {
      overrides.saved?.push(form)
      return { problemId: 41, replyDue: '2026-03-05' }
    }),
    // The photo travels as multipart (mockCall reads form-encoded bodies only).
    http.post(uploadProblemImg.path, async ({ request }) => {
      const form = await request.formData()
      for (const [field, value] of form.entries()) overrides.uploads?.push({ field, name: typeof value === 'string' ? value : value.name })
      uploaded++
      return HttpResponse.json({ code: '00', data: { url: `/media/complaints/p${uploaded}.jpg` }, message: 'ok' })
    }),
  )
}

const photo = (name: string, type = 'image/jpeg', size = 1024) => new File([new Uint8Array(size)], name, { type })

describe('/complainPageNext', () => {
  it('shows the chosen type, the order, the counter out of 200 and the reply promise', async () => {
    setUp()
    await renderApp(FORM)
    expect(await screen.findByRole('heading', { level: 1, name: 'Complaint form' })).toBeInTheDocument()
    const types = screen.getByRole('group', { name: 'Type of problem' })
    expect(within(types).getByRole('radio', { name: 'Fees' })).toBeChecked()
    expect(within(types).getByRole('radio', { name: 'Repayment' })).not.toBeChecked()
    expect(screen.queryByRole('group', { name: 'What happened during collection' })).not.toBeInTheDocument()
    expect(screen.getByText('Order K2026000006')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Describe the problem' })).toHaveAccessibleDescription('0 of 200 characters')
    expect(screen.getByText('0/200')).toBeInTheDocument()
    expect(screen.getByText('We reply within 3 weekdays.')).toBeInTheDocument()
    expect(screen.getByLabelText('Add photos')).toHaveAttribute('type', 'file')
  })

  it('ignores what is typed past 200 characters', async () => {
    setUp()
    const { user } = await renderApp(FORM)
    const box = await screen.findByRole('textbox', { name: 'Describe the problem' })
    await user.click(box)
    await user.paste('a'.repeat(195))
    await user.type(box, 'bcdefghij')
    expect((box as HTMLTextAreaElement).value).toBe(`${'a'.repeat(195)}bcdef`)
    expect(screen.getByText('200/200')).toBeInTheDocument()
  })

  it('asks for a description before sending anything', async () => {
    const saved: MockRequest['form'][] = []
    setUp({ saved })
    const { user } = await renderApp(FORM)
    const box = await screen.findByRole('textbox', { name: 'Describe the problem' })
    await user.type(box, '   ')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in your comments and suggestions')
    expect(box).toHaveAttribute('aria-invalid', 'true')
    expect(box).toHaveFocus()
    expect(saved).toHaveLength(0)
  })

  it('asks for a type, then for a collection sub-type', async () => {
    const saved: MockRequest['form'][] = []
    setUp({ saved })
    const { user } = await renderApp('/complainPageNext?orderNo=K2026000006&lang=en')
    await user.type(await screen.findByRole('textbox', { name: 'Describe the problem' }), 'Called at night')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose the type of problem')

    await user.click(screen.getByRole('radio', { name: 'Collection' }))
    expect(screen.getByRole('group', { name: 'What happened during collection' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose what happened during collection')
    expect(saved).toHaveLength(0)

    await user.click(screen.getByRole('radio', { name: 'Rude language' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('refuses the collection type for an order that does not allow it', async () => {
    setUp()
    const { user } = await renderApp('/complainPageNext?orderNo=K2026000005&lang=en')
    await user.click(await screen.findByRole('radio', { name: 'Collection' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The selected order does not support sending collection types')
    expect(screen.getByRole('radio', { name: 'Collection' })).not.toBeChecked()
  })

  it('refuses the credit-report dispute type for an order never paid out, in Indonesian', async () => {
    server.use(mockCall(problemInit, problemInitData({ problemType: [...problemInitData().problemType, { title: 'Laporan kredit saya salah', value: 9 }] })))
    const { user } = await renderApp('/complainPageNext?orderNo=K2026000005')
    await user.click(await screen.findByRole('radio', { name: 'Laporan kredit saya salah' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Pesanan yang dipilih belum pernah dicairkan, jadi tidak ada di laporan kredit mana pun')
    expect(screen.getByRole('radio', { name: 'Laporan kredit saya salah' })).not.toBeChecked()
  })

  it('uploads photos in the field problemImage, removes one, and hides the control at 9', async () => {
    const uploads: { field: string; name: string }[] = []
    setUp({ uploads })
    const { user } = await renderApp(FORM)
    const input = await screen.findByLabelText('Add photos')
    await user.upload(input, [photo('a.jpg'), photo('b.png', 'image/png')])
    expect(await screen.findByRole('img', { name: 'Photo 2 you added' })).toHaveAttribute('src', '/media/complaints/p2.jpg')
    expect(uploads).toEqual([
      { field: 'problemImage', name: 'a.jpg' },
      { field: 'problemImage', name: 'b.png' },
    ])
    expect(screen.getByText('2/9')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }))
    expect(screen.getAllByRole('img', { name: /you added/ }).map((img) => img.getAttribute('src'))).toEqual(['/media/complaints/p2.jpg'])

    await user.upload(screen.getByLabelText('Add photos'), Array.from({ length: 8 }, (_, i) => photo(`c${i}.jpg`)))
    await waitFor(() => expect(screen.getAllByRole('img', { name: /you added/ })).toHaveLength(9))
    expect(screen.queryByLabelText('Add photos')).not.toBeInTheDocument()
    expect(screen.getByText('9/9')).toBeInTheDocument()
  })

  it('refuses a file that is not a photo, or larger than 5 MB, without uploading it', async () => {
    const uploads: { field: string; name: string }[] = []
    setUp({ uploads })
    const { user } = await renderApp(FORM)
    // A browser's picker may still offer other files (its "all files" choice); user-event would filter them.
    await userEvent.setup({ applyAccept: false }).upload(await screen.findByLabelText('Add photos'), photo('program.gif', 'image/gif'))
    expect(await screen.findByText('Please choose a JPEG, PNG or WebP photo')).toBeInTheDocument()
    await user.upload(screen.getByLabelText('Add photos'), photo('big.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1))
    expect(await screen.findByText('Each photo can be at most 5 MB')).toBeInTheDocument()
    expect(uploads).toEqual([])
  })

  it('shows the server’s refusal of a photo', async () => {
    setUp()
    server.use(mockCall(uploadProblemImg, fail('4004', 'This file is not a photo we accept.', 415)))
    const { user } = await renderApp(FORM)
    await user.upload(await screen.findByLabelText('Add photos'), photo('fake.png', 'image/png'))
    expect(await screen.findByText('This file is not a photo we accept.')).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: /you added/ })).not.toBeInTheDocument()
  })

  it('saves the complaint, shows the success modal, clears the draft and goes back to the start after 1.5 s', async () => {
    const saved: MockRequest['form'][] = []
    setUp({ saved })
    const { user, router } = await renderApp('/complainPageNext?problemType=1&problemSonType=11&orderNo=K2026000006&problemIndex=0&lang=en')
    await user.type(await screen.findByRole('textbox', { name: 'Describe the problem' }), '  The collector shouted at me.  ')
    await user.upload(screen.getByLabelText('Add photos'), [photo('a.jpg'), photo('b.jpg')])
    await screen.findByRole('img', { name: 'Photo 2 you added' })
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY)!)).toMatchObject({ orderNo: 'K2026000006', detail: '  The collector shouted at me.  ', problemType: 1 })

    await user.click(screen.getByRole('button', { name: 'Send' }))
    const dialog = await screen.findByRole('dialog', { name: 'Complaint sent' })
    expect(within(dialog).getByText(/We will reply by 2026-03-05/)).toBeInTheDocument()
    const form = Object.fromEntries(saved[0]!)
    expect(form).toMatchObject({
      problemType: '1',
      problemSonType: '11',
      problemDetail: 'The collector shouted at me.',
      problemImage: '/media/complaints/p1.jpg,/media/complaints/p2.jpg',
      orderNo: 'K2026000006',
    })
    expect(form.requestKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull()
    expect(router.state.location.pathname).toBe('/complainPageNext')
    await waitFor(() => expect(router.state.location.pathname).toBe('/complaint'), { timeout: 2500 })
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ orderNo: 'K2026000006', lang: 'en' })
  })

  it('keeps the draft of this order’s complaint, with the same request key, after leaving the form', async () => {
    const saved: MockRequest['form'][] = []
    setUp({ saved })
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ orderNo: 'K2026000006', problemType: 2, detail: 'Half written', images: ['/media/complaints/old.jpg'], requestKey: 'draft-key-123' }),
    )
    const { user } = await renderApp('/complainPageNext?orderNo=K2026000006&lang=en')
    const box = await screen.findByRole('textbox', { name: 'Describe the problem' })
    await waitFor(() => expect(box).toHaveValue('Half written'))
    expect(screen.getByRole('radio', { name: 'Repayment' })).toBeChecked()
    expect(screen.getByRole('img', { name: 'Photo 1 you added' })).toHaveAttribute('src', '/media/complaints/old.jpg')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await screen.findByRole('dialog', { name: 'Complaint sent' })
    expect(Object.fromEntries(saved[0]!)).toMatchObject({ problemType: '2', requestKey: 'draft-key-123', problemImage: '/media/complaints/old.jpg' })
  })

  it('offers no upload control once a restored draft has 9 photos', async () => {
    setUp()
    const images = Array.from({ length: 9 }, (_, i) => `/media/complaints/d${i}.jpg`)
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ orderNo: 'K2026000006', detail: '', images, requestKey: 'draft-key-123' }))
    await renderApp(FORM)
    await waitFor(() => expect(screen.getAllByRole('img', { name: /you added/ })).toHaveLength(9))
    expect(screen.queryByLabelText('Add photos')).not.toBeInTheDocument()
  })
})
