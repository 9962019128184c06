import { channelTemplate, lendingFigures, publicLoanTerms, type ChannelTemplate, type LendingFigures } from '@kilat/contract'
import { render } from '../entry-server'
import type { ViteManifest } from '../app/html'
import { fetchTransport } from '../shared/api'
import { mockCall } from './msw'

/** A nonce of the form the server makes (16 random bytes, base64). */
export const PUBLIC_NONCE = 'AAECAwQFBgcICQoLDA0ODw=='

/** A build manifest with the islands and their shared chunk, as Vite writes it. */
export const PUBLIC_MANIFEST: ViteManifest = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, css: ['assets/index-abc.css'] },
  'src/islands/public-site.ts': { file: 'assets/public-site-abc.js', isEntry: true, imports: ['_toast-abc.js'] },
  'src/islands/register.ts': { file: 'assets/register-abc.js', isEntry: true, imports: ['_toast-abc.js'] },
  '_toast-abc.js': { file: 'assets/toast-abc.js' },
}

export const FIGURES: LendingFigures = {
  market: 'ID',
  currency: 'IDR',
  totalDisbursed: 21_000_000_00,
  borrowersServed: 2,
  outstandingLoans: 1,
  tkb90Bp: 10_000,
  computedAt: '2026-11-23T01:00:00.000Z',
  computedDate: '2026-11-23',
  company: { name: 'PT Kilat Dana Nusantara', phone: '+62 21 5098 7700', email: 'halo@kilat.example.com', address: 'Jl. Jend. Sudirman Kav. 52-53, Jakarta Selatan 12190' },
  licence: { authority: 'OJK', number: 'KEP-00/D.05/2026' },
}

export const TEMPLATE: ChannelTemplate = {
  id: 1,
  market: 'ID',
  lang: 'en',
  appName: 'Kilat',
  title: 'Fast loans up to Rp 15.000.000',
  subtitle: 'Over 3 million users.',
  highlights: [{ title: 'Paid within 2 hours', text: 'Apply online.' }],
  buttonText: 'Register now',
  agreementText: 'By registering you agree to the',
  agreementLinkText: 'User Agreement',
  riskNote: 'A loan must be repaid.',
  bannerUrl: '/media/promotion/banner-id.svg',
  bannerAlt: 'A phone',
  logoUrl: '/media/promotion/logo.svg',
  themeColor: '#3360DD',
  downloadLinks: { android: 'https://play.google.com/store/apps/details?id=id.kilat.app', ios: 'https://apps.apple.com/app/kilat/id0000000000' },
}

/** The calls the public pages' server rendering makes, answered as the seeded server would. */
export function publicPageCalls() {
  return [
    mockCall(lendingFigures, ({ query }) => ({ ...FIGURES, market: (query.get('market') as LendingFigures['market']) ?? 'ID', licence: query.get('market') === 'ID' ? FIGURES.licence : null })),
    mockCall(publicLoanTerms, ({ query }) => ({
      title: 'Loan terms',
      example: { productName: 'Kilat Flex', amount: 500_000_00, term: '91 days' },
      sections: [
        { heading: 'Lender disclosure', paragraphs: [`Loans run for 91 to 365 days (${query.get('isNeedPop') === '1' ? 'India' : 'example'}).`] },
        { heading: 'Late charges', paragraphs: ['Late charges: a one-time fee of ₹1,000.00 (₹800.00 for repeat clients).'] },
      ],
      market: 'IN',
    })),
    mockCall(channelTemplate, ({ query }) =>
      query.get('templateId') === '1'
        ? { ...TEMPLATE, lang: (query.get('lang') as ChannelTemplate['lang'] | null) ?? 'id' }
        : { failure: { code: '5001', message: 'This promotion page is not available.', status: 404 } },
    ),
  ]
}

/** A public page as the server renders it in production (with the build manifest). */
export async function renderPublicHtml(url: string) {
  const result = await render({
    url,
    nonce: PUBLIC_NONCE,
    template: '<!doctype html><html lang="id"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-boot--></body></html>',
    manifest: PUBLIC_MANIFEST,
    transport: fetchTransport('http://localhost:3000'),
  })
  if (typeof result.body !== 'string') throw new Error('a public page is rendered whole, not streamed')
  return { ...result, html: result.body }
}

/** Puts a rendered page's body into this test's document (its scripts do not run), its language and title too. */
export function mountPublicHtml(html: string): void {
  const body = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? ''
  document.documentElement.className = ''
  document.documentElement.lang = /<html lang="([^"]+)"/.exec(html)?.[1] ?? ''
  document.title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''
  // The policy frame is the privacy page's own test; happy-dom does not load frames.
  document.body.innerHTML = body.replace(/<iframe\b[^>]*><\/iframe>/g, '')
}
