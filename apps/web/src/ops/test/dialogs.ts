import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
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

/** The console's question before unsaved input is lost (ops/app/unsaved-changes.tsx), in English. */
export const UNSAVED_QUESTION = 'Leave without saving?'

/** The question, found by its text: in tests every Ant Design id is the same, so names do not tell dialogs apart. */
export const unsavedQuestion = () => screen.queryAllByRole('dialog').find((dialog) => dialog.textContent?.includes(UNSAVED_QUESTION)) ?? null

/** Waits for the question to be asked, and answers its dialog. */
export const unsavedAsked = () => waitFor(() => expect(unsavedQuestion()).not.toBeNull()).then(() => unsavedQuestion() as HTMLElement)

/**
 * Answers the question, then waits for it to be gone: its closing animation ends when told, as in
 * `dialogCloses`, while the form's drawer (a dialog too) stays.
 */
export async function answerUnsaved(user: ReturnType<typeof userEvent.setup>, button: 'Leave' | 'Stay') {
  await user.click(within(await unsavedAsked()).getByRole('button', { name: button }))
  await waitFor(() => {
    const closing = document.querySelector('.ant-modal.ant-zoom-leave')
    if (closing) fireEvent.animationEnd(closing)
    expect(unsavedQuestion()).toBeNull()
  })
}

/** A link of the console's menu. */
export const consoleMenuLink = (name: string) => within(screen.getByRole('navigation', { name: 'Console menu' })).getByRole('link', { name })
