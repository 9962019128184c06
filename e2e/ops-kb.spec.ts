import type { Page } from '@playwright/test'
import { expect, expectAccessible, hydratedGoto, screenshot, signInStaff, speak, test } from './support'

/**
 * The chatbot's knowledge base and staff administration in the console, at a desk's width
 * (docs/product/knowledge-base.md, docs/product/operations.md#staff-administration): an agent
 * edits an answer and the borrower's chatbot, on a phone, gives it to a typed question; an admin's
 * grant of admin waits until a second admin confirms it. Axe checks every screen.
 */
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })
// two staff sign-ins (argon2) and a phone beside the console: more than the default minute on a busy machine
test.setTimeout(240_000)

async function signOut(page: Page, email: RegExp) {
  await page.getByRole('button', { name: email }).click()
  await page.getByRole('menuitem', { name: /Sign out|Keluar/ }).click()
  // signed out before the next sign-in begins: a console still loading with the ended session
  // would ask who is signed in and be answered 401 (a console error)
  await expect(page).toHaveURL(/\/ops\/sign-in/)
}

/**
 * A click on a console menu link while a form's drawer is open: the drawer's mask lies over the menu,
 * so the click lands there, as a staff member's does, and closes the drawer (or asks first).
 */
async function clickMenuUnderDrawer(page: Page, name: string) {
  const box = await page.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name }).boundingBox()
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2)
}

test('an agent edits an answer and the borrower\'s chatbot gives it to a typed question', async ({ page, browser }) => {
  await signInStaff(page, 'agent@demo.kilat.example.com')
  await speak(page, 'en')
  await page.goto('/ops/kb?market=ID')
  await expect(page.getByRole('heading', { name: "The chatbot's knowledge base" })).toBeVisible()
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: 'Data privacy' }).click()
  await expect(page.locator('.ant-table-row').first()).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'ops-kb-en')

  const row = page.locator('.ant-table-row').first()
  const question = (await row.locator('td').nth(1).innerText()).trim()
  await row.getByRole('button', { name: `Edit ${question}` }).click()
  const drawer = page.getByRole('dialog', { name: `Edit ${question}` })
  const answer = drawer.getByLabel('Answer (en)')
  const original = await answer.inputValue()
  const edited = `${original} Staff check ${Date.now()}: this answer was edited in the console.`
  await answer.fill(edited)
  await expectAccessible(page)
  await screenshot(page, 'ops-kb-edit-en')
  await drawer.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved. The chatbot answers with this text from now on.')).toBeVisible()

  // The borrower, on a phone, types the question in their own words.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })
  const borrower = hydratedGoto(await phone.newPage())
  await borrower.goto('/intelligentCustomerService?tok=demo-borrower&lang=en')
  await borrower.getByRole('textbox', { name: 'Your question' }).fill(question.replace(/[?]/g, '').toLowerCase())
  await borrower.getByRole('button', { name: 'Send', exact: true }).click()
  await borrower.getByRole('log').getByRole('button', { name: question }).last().click()
  await expect(borrower.getByRole('log').getByText(edited).last()).toBeVisible()
  await expectAccessible(borrower)
  await screenshot(borrower, 'chatbot-edited-answer-en')
  // two wordings of a question the knowledge base cannot answer
  const unknown = `qwzx${Date.now() % 100000} flurble`
  for (const typed of [`${unknown}?`, `${unknown.toUpperCase()}`, `${unknown}e`]) {
    await borrower.getByRole('textbox', { name: 'Your question' }).fill(typed)
    await borrower.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(borrower.getByRole('log').getByText(typed).last()).toBeVisible()
  }
  await phone.close()

  // The unanswered questions, grouped: what borrowers typed that found nothing, linked to a question.
  await page.getByRole('tab', { name: 'Unanswered questions' }).click()
  await expect(page).toHaveURL(/tab=gaps/)
  await expect(page.getByText(/What borrowers in Indonesia typed/)).toBeVisible()
  const group = page.locator('.ant-table-row', { hasText: unknown })
  await expect(group.locator('td').nth(2)).toHaveText('3')
  await expect(group).toContainText(`Also: ${unknown}e`)
  await expectAccessible(page)
  await screenshot(page, 'ops-kb-gaps-en')
  await group.getByRole('button', { name: /^Link to a question/ }).click()
  const linkDialog = page.getByRole('dialog', { name: new RegExp(`^Link "`) })
  await linkDialog.getByLabel('Question').click()
  await page.keyboard.type(question.slice(0, 12))
  await page.locator('.ant-select-item-option', { hasText: question }).first().click()
  // axe once the list has closed, not on its fading options
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0)
  await expectAccessible(page)
  await linkDialog.getByRole('button', { name: 'Link to a question' }).click()
  await expect(page.getByText('Linked: 3 typed questions are now answered by that question.')).toBeVisible()
  await expect(page.locator('.ant-table-row', { hasText: unknown })).toHaveCount(0)

  // put the demo answer back for the journeys after this one
  await page.getByRole('tab', { name: 'Questions and answers' }).click()
  await page.locator('.ant-table-row').first().getByRole('button', { name: `Edit ${question}` }).click()
  await page.getByRole('dialog', { name: `Edit ${question}` }).getByLabel('Answer (en)').fill(original)
  await page.getByRole('dialog', { name: `Edit ${question}` }).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved. The chatbot answers with this text from now on.').first()).toBeVisible()

  // unsaved input (docs/product/console-screens.md#unsaved-input): a change typed, then the menu
  // clicked: the question; Stay keeps the text; Back (to the other tab) asks too, and Leave goes
  // there with the form closed
  await page.locator('.ant-table-row').first().getByRole('button', { name: `Edit ${question}` }).click()
  const editing = page.getByRole('dialog', { name: `Edit ${question}` })
  const unsavedText = `${original} Not saved.`
  await editing.getByLabel('Answer (en)').fill(unsavedText)
  await clickMenuUnderDrawer(page, 'Dashboard')
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' })
  await expect(leave).toBeVisible()
  await page.mouse.move(0, 0)
  await expectAccessible(page)
  await screenshot(page, 'ops-kb-unsaved-en')
  await leave.getByRole('button', { name: 'Stay' }).click()
  await expect(leave).toBeHidden()
  await expect(editing.getByLabel('Answer (en)')).toHaveValue(unsavedText)
  await expect(page).toHaveURL(/tab=questions/)
  await page.evaluate(() => history.back())
  await expect(leave).toBeVisible()
  await leave.getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(/tab=gaps/)
  await expect(editing).toBeHidden()
  await expect(page.getByText(/What borrowers in Indonesia typed/)).toBeVisible()
  // the form gone, nothing asks any more
  await page.getByRole('tab', { name: 'Questions and answers' }).click()
  await expect(page).toHaveURL(/tab=questions/)
  await expect(leave).toBeHidden()

  await speak(page, 'id')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Basis pengetahuan chatbot' })).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'ops-kb-id')
  await speak(page, 'en')
})

test("an admin's grant of admin waits for a second admin", async ({ page }) => {
  const email = `grant.${Date.now()}@example.com`
  await signInStaff(page, 'admin@demo.kilat.example.com')
  await speak(page, 'en')
  await page.goto('/ops/staff?market=ID')
  await expect(page.getByRole('heading', { name: 'Staff accounts' })).toBeVisible()
  await page.getByRole('button', { name: 'New account' }).click()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('enrolment-link')).toBeVisible()

  const row = page.locator('.ant-table-row', { hasText: email })
  await row.getByRole('button', { name: `More actions for ${email}` }).click()
  await page.getByRole('menuitem', { name: 'Change role and markets' }).click()
  const dialog = page.getByRole('dialog', { name: `Role and markets of ${email}` })
  // the list open and drawn before the pick: a click during its opening animation is lost, so a
  // pick that did not take is made again
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
  const hint = dialog.getByText('Granting the Admin role waits for another administrator to confirm it.')
  await expect(async () => {
    if (!(await open.isVisible())) await dialog.getByLabel('Role').click()
    await expect(open).toBeVisible({ timeout: 2_000 })
    await open.locator('.ant-select-item-option', { hasText: /^Admin$/ }).click({ timeout: 2_000 })
    await expect(hint).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await expectAccessible(page)
  await screenshot(page, 'ops-staff-role-en')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(`Proposed. Another administrator must confirm the Admin role for ${email}.`)).toBeVisible()
  const pending = page.locator('.ops-staff-pending li', { hasText: email })
  await expect(pending).toContainText('Agent → Admin')
  await expect(pending).toContainText('You proposed it: another administrator must confirm.')
  await expect(pending.getByRole('button', { name: `Confirm ${email}` })).toHaveCount(0)
  // not yet an admin
  await expect(row.locator('td').nth(2)).toHaveText('Agent · ID')
  await expectAccessible(page)
  await screenshot(page, 'ops-staff-pending-en')
  await signOut(page, /^admin@demo/)

  await signInStaff(page, 'admin.b@demo.kilat.example.com')
  await speak(page, 'en')
  await page.goto('/ops/staff?market=ID')
  const waiting = page.locator('.ops-staff-pending li', { hasText: email })
  await waiting.getByRole('button', { name: `Confirm ${email}` }).click()
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText(`${email} is now an Admin.`)).toBeVisible()
  await expect(page.locator('.ant-table-row', { hasText: email }).locator('td').nth(2)).toHaveText('Admin · ID')
  await expect(page.locator('.ops-staff-pending li', { hasText: email })).toHaveCount(0)
  await expectAccessible(page)
  await screenshot(page, 'ops-staff-confirmed-en')
  await speak(page, 'id')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Akun staf' })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'Masuk terakhir' })).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'ops-staff-admin-id')
  await speak(page, 'en')
})
