import { expect, expectAccessible, screenshot, speak, test } from './support'

/**
 * The registration funnel (docs/product/registration-funnel.md): a visitor registers through
 * `/register` on a phone; an admin, at a desk's width, sees that registration in the day's row of
 * the funnel, with its landing page and utm_tag, and downloads the CSV. Axe checks the screen.
 */
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })
// a phone beside the console and an argon2 sign-in: more than the default minute on a busy machine
test.setTimeout(180_000)

test('the funnel shows a registration made through /register, and its CSV', async ({ page, browser, asStaff }) => {
  // its own utm_tag, so that the row is this run's
  const tag = `e2e${Date.now().toString(36)}`
  const phone = `0813${String(Date.now()).slice(-7)}7`

  const visitor = await browser.newPage({ viewport: { width: 360, height: 740 } })
  await visitor.goto(`/register?id=1&lang=en&user_from=e2e&utm_tag=${tag}&app_from=web`)
  await visitor.getByLabel('Mobile number').fill(phone)
  const image = visitor.getByRole('button', { name: 'Image code' }).locator('img')
  await expect(image).toHaveAttribute('src', /get-captcha\?sid=/)
  const sid = new URL(String(await image.getAttribute('src')), 'http://x').searchParams.get('sid')!
  const answer = (await (await visitor.request.get(`/h5-api/v3/demo/last-captcha?sid=${sid}`)).json()).data.answer as string
  await visitor.getByLabel('Image code', { exact: true }).fill(answer)
  await visitor.getByRole('button', { name: 'Get code' }).click()
  const code = async () => (await (await visitor.request.get(`/h5-api/v3/demo/last-registration-sms?phone=${phone}`)).json()).data.code as string | null
  await expect.poll(code).toMatch(/^\d{6}$/)
  await visitor.getByLabel('SMS code').fill((await code())!)
  await visitor.locator('form[data-register] button[type="submit"]').click()
  await expect(visitor).toHaveURL(/#\/downloadTemplate\?/)
  await visitor.close()

  await asStaff(page, 'admin@demo.kilat.example.com')
  await speak(page, 'en')
  await page.goto('/ops/funnel?market=ID')
  await expect(page.getByRole('heading', { name: 'Registration funnel', level: 1 })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Registration funnel' })).toBeVisible()
  // the visit, the SMS and the registration in today's row of landing page 1 and this utm_tag
  const row = page.locator('.ant-table-row', { hasText: tag })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('#1 ')
  const cells = row.locator('td')
  await expect(cells.nth(3)).toHaveText('1')
  await expect(cells.nth(4)).toHaveText('1 · 100,00%')
  await expect(cells.nth(5)).toHaveText('1 · 100,00%')
  await expect(cells.nth(6)).toHaveText('0 · 0,00%')
  // the chart loads after the screen, with the summary as its name
  await expect(page.getByRole('img', { name: /^From .* registered: 1/ })).toBeVisible()
  await expect(page.locator('.ops-funnel-chart canvas')).toBeVisible()
  // its legend shows the range's totals without the pointer on it (the totals above, never "--"),
  // a day's counts while the pointer is on that day, and the totals again once it leaves
  await page.mouse.move(0, 0)
  const legend = page.locator('.ops-funnel-chart .u-legend td.u-value')
  await expect(legend).toHaveCount(6)
  await expect(legend.first()).toHaveText(/^Totals, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/)
  const totals = await page.locator('.ant-statistic-content').allTextContents()
  await expect(legend.nth(1)).toHaveText(totals[0]!.trim())
  await expect(legend.nth(3)).toHaveText(totals[2]!.trim())
  expect(await legend.allTextContents()).not.toContain('--')
  const plot = page.locator('.ops-funnel-chart .u-over')
  const box = (await plot.boundingBox())!
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2)
  await expect(legend.first()).toHaveText(/^\d{4}-\d{2}-\d{2}$/)
  await page.mouse.move(0, 0)
  await expect(legend.first()).toHaveText(/^Totals, /)
  await expectAccessible(page)
  await screenshot(page, 'ops-funnel-en')

  // one utm_tag: only its row
  await page.goto(`/ops/funnel?market=ID&utm=${tag}`)
  await expect(page.locator('.ant-table-row')).toHaveCount(1)
  await expect(page.locator('.ant-statistic').nth(2)).toContainText('1')

  // the CSV, as the button downloads it (the staff cookie goes with it)
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^kilat-funnel-ID-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/)
  const text = await (await page.request.get(new URL(file.url()).pathname + new URL(file.url()).search)).text()
  const lines = text.trimEnd().split('\r\n')
  expect(lines[0]).toMatch(/^day,market,template_id,template,utm_tag,visits,sms_sent,registered/)
  expect(lines.filter((l) => l.includes(`,${tag},1,1,1,0,0,`))).toHaveLength(1)

  // the same screen in Indonesian
  await speak(page, 'id')
  await page.goto('/ops/funnel?market=ID')
  await expect(page.getByRole('heading', { name: 'Corong pendaftaran', level: 1 })).toBeVisible()
  await expect(page.locator('.ant-table-row', { hasText: tag })).toHaveCount(1)
  await expect(page.locator('.ops-funnel-chart canvas')).toBeVisible()
  await expect(page.locator('.ops-funnel-chart .u-legend td.u-value').first()).toHaveText(/^Total, \d{4}-\d{2}-\d{2} sampai \d{4}-\d{2}-\d{2}$/)
  await expectAccessible(page)
  await screenshot(page, 'ops-funnel-id')
  await speak(page, 'en')
})
