import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { beforeEach, describe, expect, it } from 'vitest'
import { server } from '../../test/msw'
import { PUBLIC_NONCE, publicPageCalls, renderPublicHtml } from '../../test/public-pages'

/** docs/decisions/0011-public-pages.md: complete HTML, no app, its island with the nonce, 14 KB compressed at most. */
const HTML_BUDGET_BYTES = 14_000

// Tests load CSS as nothing; the size counts the stylesheet the build inlines (unminified, so a little more).
const css = readFileSync(resolve(import.meta.dirname, 'public.css'), 'utf8')

const text = (html: string) => html.replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ')

function expectPublicDocument(html: string, island: 'public-site' | 'register' | null) {
  // Nothing of the borrower app: no entry, no boot data, no app stylesheet, no root to hydrate.
  expect(html).not.toContain('entry-client')
  expect(html).not.toContain('assets/index-abc')
  expect(html).not.toContain('kilat-boot')
  expect(html).not.toContain('id="root"')
  for (const tag of html.match(/<(script|style)\b(?![^>]*type="application\/json")[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${PUBLIC_NONCE}"`)
  if (island) {
    expect(html).toContain(`<script type="module" src="/assets/${island}-abc.js" nonce="${PUBLIC_NONCE}"></script>`)
    expect(html).toContain(`<link rel="modulepreload" href="/assets/toast-abc.js" nonce="${PUBLIC_NONCE}">`)
  } else {
    expect(html).not.toMatch(/<script\b(?![^>]*application\/json)/)
  }
  const whole = html.replace(/(<style[^>]*>)(<\/style>)/, (_m, open: string, close: string) => open + css + close)
  expect(whole.length).toBeGreaterThan(html.length)
  expect(gzipSync(whole, { level: 9 }).byteLength).toBeLessThanOrEqual(HTML_BUDGET_BYTES)
}

beforeEach(() => {
  server.use(...publicPageCalls())
})

describe('public pages on the server', () => {
  it('render the marketing site whole: navigation, claims, OJK, figures, sections, contact form, footer', async () => {
    const page = await renderPublicHtml('/')
    expect(page.status).toBe(200)
    expect(page.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=60')
    expectPublicDocument(page.html, 'public-site')
    const words = text(page.html)
    expect(page.html).toContain('<html lang="id"')
    expect(page.html).toContain('<title>Pinjaman instan · Kilat</title>')
    for (const entry of ['Beranda', 'Tentang Kami', 'Ulasan pengguna', 'Kebijakan Privasi', 'Syarat dan ketentuan pinjaman', 'Hubungi kami']) expect(words).toContain(entry)
    expect(words).toContain('Pinjaman Rp 1.000.000 sampai Rp 15.000.000 dalam 2 jam')
    expect(words).toContain('Berizin dan diawasi oleh OJK')
    expect(words).toContain('Nomor izin: KEP-00/D.05/2026')
    expect(words).toContain('Rp 21.000.000,00')
    expect(words).toContain('100,00%')
    expect(words).toContain('Dihitung pada 2026-11-23')
    expect(words).toContain('Peringatan risiko')
    expect(page.html).toMatch(/<iframe[^>]*src="\/privacy-policy\?embed=1"[^>]*title="Kebijakan privasi"/)
    for (const field of ['Nama', 'Telepon', 'Email', 'Pesan']) expect(page.html).toContain(`${field}<input`.replace('Pesan<input', 'Pesan<textarea'))
    expect(words).toContain('PT Kilat Dana Nusantara')
    expect(page.html).toContain('href="mailto:halo@kilat.example.com"')
    // The island's texts are the page's language.
    expect(page.html).toContain('"incomplete":"Mohon lengkapi semua informasi!"')
    // Home opens at the top: no script to move it.
    expect(page.html).not.toContain('scrollIntoView')
  })

  it('open each section path with its section in view and current, in the language asked for', async () => {
    const page = await renderPublicHtml('/About?lang=es')
    expectPublicDocument(page.html, 'public-site')
    expect(page.html).toContain('<html lang="es"')
    expect(page.html).toContain('<title>Quiénes somos · Kilat</title>')
    expect(page.html).toMatch(/<a href="\/About\?lang=es" data-section="about"[^>]*aria-current="page"/)
    expect(page.html).toContain(`<script nonce="${PUBLIC_NONCE}">document.getElementById("about").scrollIntoView()`)
    expect(text(page.html)).toContain('Acerca de Kilat')
  })

  it.each([
    ['/?isNeedPop=1', ['Loans from ₹2,000 to ₹80,000 within 2 hours', 'Salaried earners of ₹12,000 and above are eligible']],
    ['/?market=MX', ['Préstamos de $1,000 a $20,000 en 2 horas', 'Ingreso mensual de $6,000 o más']],
    ['/Loan', ['Pinjaman Rp 1.000.000 sampai Rp 15.000.000 dalam 2 jam', 'Gaji tahunan Rp 5.000.000 ke atas']],
  ])('show each market its own claims (%s), and OJK only in Indonesia', async (url, claims) => {
    const page = await renderPublicHtml(url)
    for (const claim of claims) expect(text(page.html)).toContain(claim)
    expect(page.html.includes('ojk-h')).toBe(url === '/Loan')
  })

  it.each(['/privacy-policy', '/privacy'])('render the privacy policy with its nine sections at %s, without a script', async (url) => {
    const page = await renderPublicHtml(`${url}?lang=en`)
    expect(page.status).toBe(200)
    expectPublicDocument(page.html, null)
    const headings = [...page.html.matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1])
    expect(headings).toEqual(['1. How we use your information', '2. Disclosure', '3. Cookies', '4. Data security', '5. Non-discrimination statement', '6. Your rights', '7. Minors', '8. Changes to this policy', '9. Contact us'])
    expect(text(page.html)).toContain('write to halo@kilat.example.com or call +62 21 5098 7700')
  })

  it('render About Us and the loan terms as plain pages', async () => {
    const about = await renderPublicHtml('/about-us?lang=es')
    expectPublicDocument(about.html, null)
    expect(text(about.html)).toContain('Acerca de Kilat')
    expect(text(about.html)).toContain('Pago rápido y flexible')
    const terms = await renderPublicHtml('/loan-terms?isNeedPop=1')
    expectPublicDocument(terms.html, null)
    expect(terms.html).toContain('<title>Loan terms and conditions · Kilat</title>')
    // The lender disclosure is the server's, as every loan's agreement prints it.
    expect(terms.html).toContain('<h2>Lender disclosure</h2><p>Loans run for 91 to 365 days (India).</p>')
    expect(text(terms.html)).toContain('₹800.00 for repeat clients')
  })

  it('render the registration landing with its template, views and island data', async () => {
    const page = await renderPublicHtml('/register?id=1&lang=en')
    expect(page.status).toBe(200)
    expect(page.headers['cache-control']).toContain('public')
    expectPublicDocument(page.html, 'register')
    expect(page.html).toContain('<title>Fast loans up to Rp 15.000.000 · Kilat</title>')
    expect(page.html).toContain('id="/downloadTemplate" hidden')
    expect(page.html).toContain('id="/agreementTemplate" hidden')
    expect(page.html).toContain('href="#/agreementTemplate"')
    expect(page.html).toMatch(/<input type="tel" inputMode="numeric"[^>]*maxLength="13"[^>]*name="phone"/)
    // The download view's logo is not fetched with the landing (React would preload an eager image).
    expect(page.html).not.toContain('rel="preload" as="image" href="/media/promotion/logo.svg"')
    expect(page.html).toContain('"sms":"/api/v2/lender/promotion/get-sms"')
    expect(page.html).toContain('"alreadyRegistered":11')
  })

  it('say when a landing page does not exist, and keep it out of caches', async () => {
    for (const url of ['/register?id=99&lang=en', '/register']) {
      const page = await renderPublicHtml(url)
      expect(page.status).toBe(404)
      expect(page.headers['cache-control']).toBe('no-store')
      expect(page.html).not.toContain('<script type="module"')
    }
    expect(text((await renderPublicHtml('/register?id=99&lang=en')).html)).toContain('This promotion page is not available')
  })

  it('keep a page opened with a session out of shared caches', async () => {
    const page = await renderPublicHtml('/?tok=secret')
    expect(page.headers['cache-control']).toBe('no-store')
  })
})
