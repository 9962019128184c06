import { problemDetail, saveScore } from '@kilat/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, mockCall, server, type MockRequest } from '../../test/msw'
import { renderApp } from '../../test/render-app'
import { RATING_DELAY_MS } from './components/complaint-rating'
import { complaintDetailData, type ComplaintDetailData } from './test-fixtures'

function answer(overrides: Partial<ComplaintDetailData> = {}) {
  const data = complaintDetailData(overrides)
  server.use(mockCall(problemDetail, ({ form }) => (Number(form.get('problemId')) === data.problemId ? data : fail(1002, 'We could not find what you asked for.', 404))))
  return data
}

/** Fake timeouts only (React, MSW and Testing Library keep their own clocks), moving with real time too. */
function fakeTimeouts() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('/complainDetails', () => {
  it('shows the type, sub-type, content, photos, our reply with its photos and when it was answered', async () => {
    answer({ isScore: 0, score: 4 })
    await renderApp('/complainDetails?problemId=20&lang=en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Complaint details' })).toBeInTheDocument()
    expect(screen.getByText('Replied')).toBeInTheDocument()
    expect(screen.getByText('Answered on 2026-02-11')).toHaveAttribute('data-overdue', 'false')
    const complaint = screen.getByRole('region', { name: 'Your complaint' })
    expect(within(complaint).getByText('Type of problem').nextSibling).toHaveTextContent('Collection')
    expect(within(complaint).getByText('What happened').nextSibling).toHaveTextContent('Rude language')
    expect(within(complaint).getByText('Your description').nextSibling).toHaveTextContent('The collector shouted at me.')
    expect(within(complaint).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Photo 1 of 2', 'Photo 2 of 2'])
    const reply = screen.getByRole('region', { name: 'Our reply' })
    expect(within(reply).getByText('We are sorry. The agent has been warned and the calls will stop.')).toBeInTheDocument()
    expect(within(reply).getByRole('img', { name: 'Photo 1 of 1 from our team' })).toHaveAttribute('src', '/media/complaints/reply.png')
    expect(within(reply).getByText('Your rating: 4 of 5 stars')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: /escalat/i })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Your credit report dispute' })).not.toBeInTheDocument()
  })

  it('shows a credit-report dispute’s state and due date in a labelled region; none for other types', async () => {
    answer({
      type: 'My credit report is wrong',
      sonType: '',
      typeValue: 9,
      sonTypeValue: 0,
      status: 'closed',
      outcome: 'resolved',
      replyDue: '2026-03-23',
      dispute: { state: 'correction_queued', stateText: 'We are correcting your record. The correction goes out with our next credit report.', dueOn: '2026-03-23' },
    })
    await renderApp('/complainDetails?problemId=20&lang=en')
    const region = await screen.findByRole('region', { name: 'Your credit report dispute' })
    expect(region).toHaveAttribute('data-dispute-state', 'correction_queued')
    expect(within(region).getByText('Where it stands').nextSibling).toHaveTextContent('We are correcting your record. The correction goes out with our next credit report.')
    expect(within(region).getByText('To be settled by').nextSibling).toHaveTextContent('2026-03-23')
  })

  it('labels the dispute in the borrower’s language, and shows no dispute on other complaints', async () => {
    answer({ typeValue: 9, sonType: '', dispute: { state: 'received', stateText: 'Sengketa laporan kredit Anda sudah kami terima.', dueOn: '2026-03-16' } })
    const { unmount } = await renderApp('/complainDetails?problemId=20')
    const region = await screen.findByRole('region', { name: 'Sengketa laporan kredit Anda' })
    expect(within(region).getByText('Diselesaikan paling lambat').nextSibling).toHaveTextContent('2026-03-16')
    unmount()

    answer({ dispute: { state: 'no_change', stateText: 'Cerrada sin cambios.', dueOn: '2026-03-17' } })
    await renderApp('/complainDetails?problemId=20&lang=es')
    const es = await screen.findByRole('region', { name: 'Tu disputa del reporte de crédito' })
    expect(within(es).getByText('Se resuelve a más tardar el').nextSibling).toHaveTextContent('2026-03-17')
  })

  it('says when a reply is late and where to escalate, in Indonesian', async () => {
    answer({
      status: 'processing',
      disposeDetail: '',
      disposeImages: [],
      isScore: 0,
      overdue: true,
      replyDueText: 'Balasan seharusnya paling lambat 2026-02-13',
      escalation: {
        title: 'Belum puas? Anda dapat meneruskan pengaduan',
        text: 'Jika kami belum membalas, Anda dapat menghubungi OJK.',
        authority: { name: 'OJK', phone: '157', url: 'https://kontak157.ojk.go.id' },
        grievanceOfficer: { name: 'Dewi Lestari', email: 'pengaduan@kilat.example', phone: '+62 21 5000 0001' },
      },
    })
    await renderApp('/complainDetails?problemId=20')
    expect(await screen.findByText('Balasan seharusnya paling lambat 2026-02-13')).toHaveAttribute('data-overdue', 'true')
    expect(screen.getByText('Menunggu balasan kami')).toBeInTheDocument()
    const box = screen.getByRole('region', { name: 'Belum puas? Anda dapat meneruskan pengaduan' })
    expect(within(box).getByRole('link', { name: 'Telepon: 157' })).toHaveAttribute('href', 'tel:157')
    expect(within(box).getByRole('link', { name: 'Situs web OJK' })).toHaveAttribute('href', 'https://kontak157.ojk.go.id')
    expect(within(box).getByRole('link', { name: 'Email: pengaduan@kilat.example' })).toHaveAttribute('href', 'mailto:pengaduan@kilat.example')
    expect(within(box).getByText('Dewi Lestari')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Balasan kami' })).getByText('Tim kami sedang menanganinya.')).toBeInTheDocument()
  })

  it('opens the rating 3 s after load when the complaint asks for one, not before', async () => {
    fakeTimeouts()
    answer({ isScore: 1 })
    await renderApp('/complainDetails?problemId=20&lang=en')
    await screen.findByRole('region', { name: 'Our reply' })
    await act(() => vi.advanceTimersByTimeAsync(RATING_DELAY_MS - 1000))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(1100))
    const dialog = screen.getByRole('dialog', { name: 'Rate how we handled your complaint' })
    expect(within(dialog).getAllByRole('button', { name: /star/ })).toHaveLength(5)
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeInTheDocument()
  })

  it('never opens the rating when the complaint does not ask for one', async () => {
    fakeTimeouts()
    answer({ isScore: 0 })
    await renderApp('/complainDetails?problemId=20&lang=en')
    await screen.findByRole('region', { name: 'Our reply' })
    await act(() => vi.advanceTimersByTimeAsync(RATING_DELAY_MS * 2))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Rate our reply' })).not.toBeInTheDocument()
  })

  it('wants a star before sending, sends the stars chosen once, and does not ask again', async () => {
    fakeTimeouts()
    const data = answer({ isScore: 1 })
    const scores: MockRequest['form'][] = []
    server.use(
      mockCall(saveScore, ({ form }) => {
        scores.push(form)
        return null
      }),
    )
    const { user, queryClient } = await renderApp('/complainDetails?problemId=20&lang=en')
    await screen.findByRole('region', { name: 'Our reply' })
    await act(() => vi.advanceTimersByTimeAsync(RATING_DELAY_MS + 100))
    const dialog = screen.getByRole('dialog', { name: 'Rate how we handled your complaint' })
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Please choose')).toBeInTheDocument()
    expect(scores).toHaveLength(0)

    await user.click(within(dialog).getByRole('button', { name: '4 stars' }))
    expect(within(dialog).getAllByRole('button', { name: /star/ }).map((star) => star.getAttribute('aria-pressed'))).toEqual(['true', 'true', 'true', 'true', 'false'])
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Thank you for your rating')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(Object.fromEntries(scores[0]!)).toEqual({ problemId: String(data.problemId), score: '4' })
    expect(screen.getByText('Your rating: 4 of 5 stars')).toBeInTheDocument()
    expect(queryClient.getQueryData(['complaints', 'detail', 20])).toMatchObject({ isScore: 0, score: 4 })
  })

  it('forgets the stars on cancel and offers to rate later', async () => {
    fakeTimeouts()
    answer({ isScore: 1 })
    const { user } = await renderApp('/complainDetails?problemId=20&lang=en')
    await screen.findByRole('region', { name: 'Our reply' })
    await act(() => vi.advanceTimersByTimeAsync(RATING_DELAY_MS + 100))
    let dialog = screen.getByRole('dialog', { name: 'Rate how we handled your complaint' })
    await user.click(within(dialog).getByRole('button', { name: '2 stars' }))
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Rate our reply' }))
    dialog = await screen.findByRole('dialog', { name: 'Rate how we handled your complaint' })
    expect(within(dialog).getByRole('button', { name: '1 star' })).toHaveAttribute('aria-pressed', 'false')
  })

  it('names the missing complaint id, and says another borrower’s complaint is not found', async () => {
    await renderApp('/complainDetails?lang=en')
    expect(await screen.findByRole('heading', { level: 2, name: 'This link is incomplete' })).toBeInTheDocument()
    expect(screen.getByText(/needs a complaint ID \(problemId\)/)).toBeInTheDocument()
  })

  it('says another borrower’s complaint is not found, without a pointless retry', async () => {
    answer({ problemId: 20 })
    await renderApp('/complainDetails?problemId=99&lang=en')
    expect(await screen.findByText('We could not find what you asked for.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })
})
