import { fireEvent, screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'

/**
 * happy-dom plays no CSS animation: a closing dialog's ends when told, and the dialog goes. The end
 * is told again until it is heard: on a loaded machine the motion may not listen yet the first time
 * (it did not, once, in CI).
 */
export async function dialogCloses() {
  await waitFor(() => expect(document.querySelector('.ant-modal.ant-zoom-leave')).not.toBeNull())
  await waitFor(() => {
    const leaving = document.querySelector('.ant-modal.ant-zoom-leave')
    if (leaving) fireEvent.animationEnd(leaving)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
}
