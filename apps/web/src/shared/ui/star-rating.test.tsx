import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { StarRating } from './star-rating'

const starLabel = (count: number) => (count === 1 ? '1 star' : `${count} stars`)

function Rated({ onChange }: { onChange?: (score: number) => void }) {
  const [score, setScore] = useState(0)
  return (
    <StarRating
      value={score}
      onChange={(next) => {
        setScore(next)
        onChange?.(next)
      }}
      label="Your rating"
      starLabel={starLabel}
    />
  )
}

const pressed = () => within(screen.getByRole('group', { name: 'Your rating' })).getAllByRole('button').map((star) => star.getAttribute('aria-pressed'))

describe('star rating (docs/product/complaints.md#rating)', () => {
  it('is a named group of five stars, each named by its count, none chosen at first', () => {
    render(<Rated />)
    const group = screen.getByRole('group', { name: 'Your rating' })
    expect(within(group).getAllByRole('button').map((star) => star.getAttribute('aria-label'))).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars'])
    expect(pressed()).toEqual(['false', 'false', 'false', 'false', 'false'])
    // The drawing is decorative: the button's name says the count.
    expect(group.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(5)
  })

  it('presses the stars up to the one tapped, and lets the borrower change their mind', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(<Rated onChange={onChange} />)
    await user.click(screen.getByRole('button', { name: '4 stars' }))
    expect(pressed()).toEqual(['true', 'true', 'true', 'true', 'false'])
    await user.click(screen.getByRole('button', { name: '2 stars' }))
    expect(pressed()).toEqual(['true', 'true', 'false', 'false', 'false'])
    expect(onChange.mock.calls).toEqual([[4], [2]])
  })

  it('works from the keyboard: Tab reaches each star, Enter and Space choose it', async () => {
    const user = userEvent.setup()
    render(<Rated />)
    await user.tab()
    expect(screen.getByRole('button', { name: '1 star' })).toHaveFocus()
    await user.tab()
    await user.tab()
    expect(screen.getByRole('button', { name: '3 stars' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(pressed()).toEqual(['true', 'true', 'true', 'false', 'false'])
    await user.tab()
    await user.tab()
    await user.keyboard(' ')
    expect(pressed()).toEqual(['true', 'true', 'true', 'true', 'true'])
  })

  it('never submits a form it sits in', async () => {
    const submit = vi.fn((event: SubmitEvent) => event.preventDefault())
    const user = userEvent.setup()
    render(
      <form onSubmit={(event) => submit(event.nativeEvent as SubmitEvent)}>
        <Rated />
      </form>,
    )
    await user.click(screen.getByRole('button', { name: '5 stars' }))
    expect(submit).not.toHaveBeenCalled()
  })
})
