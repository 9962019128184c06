import type { OpsProduct, ProductDraft, ProductVersionView } from '@kilat/contract'
import { cents, headlineRate, localDate, loanTermsOf, largestAmount, periodChoices, productRuleProblems, quoteLoan, type Market } from '@kilat/domain'
import { catalogueChanged } from '../../db/catalogue-version.js'
import type { Executor, Tx } from '../../db/client.js'
import { logoUrl } from '../../db/logo-url.js'
import { productFields } from '../../db/product-fields.js'
import { AppError } from '../../http/errors.js'
import type { StaffPrincipal } from '../../http/types.js'
import { assertStaffMarket } from '../../http/route.js'
import { record } from '../audit/audit.service.js'
import { checkFourEyes, fourEyesPeople, staffEmailsOf } from '../staff/staff.service.js'
import type { NewProduct, Product, ProductDraftRow, ProductVersion } from './products.schema.js'
import { notifyCatalogueChanged } from './catalogue-notify.js'
import * as repo from './versions.repo.js'

/**
 * Products by staff (docs/product/products.md#versions): an admin proposes a version, another
 * publishes it; publishing inserts a new products row and retires the one it replaces, so every
 * order keeps the row (terms, figures, agreement) it was signed under.
 */

export interface ProductDeskDeps {
  db: Executor & { transaction: Tx['transaction'] }
  now: () => Date
}

/** The admin's draft as a products row's fields (the term of an installment product is worked out). */
export function draftRow(draft: ProductDraft, base: { market: Market; code: string; logoUrl: string; isPartner: boolean; partnerUrl: string | null }): ProductDraftRow {
  const termDays = draft.termUnit === 'period' ? draft.periods * draft.periodDays : draft.termDays
  return {
    code: base.code,
    market: base.market,
    name: draft.name,
    logoUrl: base.logoUrl,
    minAmount: cents(draft.minAmount),
    maxAmount: cents(draft.maxAmount),
    amountStep: cents(draft.amountStep),
    termUnit: draft.termUnit,
    termDays,
    periods: draft.termUnit === 'period' ? draft.periods : 1,
    periodOptions: draft.termUnit === 'period' ? draft.periodOptions.filter((n) => n !== draft.periods) : [],
    periodDays: draft.termUnit === 'period' ? draft.periodDays : termDays,
    dailyRateBps: draft.dailyRateBps,
    adminFeeBps: draft.adminFeeBps,
    extensionFee: cents(draft.termUnit === 'day' ? draft.extensionFee : 0),
    lateFeeNew: cents(draft.lateFeeNew),
    lateFeeRepeat: cents(draft.lateFeeRepeat),
    lateTiers: draft.lateTiers,
    lateCapBps: draft.lateCapBps,
    status: draft.status,
    sort: draft.sort,
    description: draft.description,
    buttonText: draft.buttonText,
    tags: draft.tags,
    isPartner: base.isPartner,
    partnerUrl: base.partnerUrl,
  }
}

/** A products row (or a stored draft) as the console's draft. */
export function draftOf(p: ProductDraftRow): ProductDraft {
  return {
    name: p.name,
    minAmount: p.minAmount,
    maxAmount: p.maxAmount,
    amountStep: p.amountStep,
    termUnit: p.termUnit,
    termDays: p.termDays,
    periods: p.periods,
    periodDays: p.periodDays,
    periodOptions: [...p.periodOptions],
    dailyRateBps: p.dailyRateBps,
    adminFeeBps: p.adminFeeBps,
    extensionFee: p.extensionFee,
    lateFeeNew: p.lateFeeNew,
    lateFeeRepeat: p.lateFeeRepeat,
    lateTiers: p.lateTiers.map((t) => ({ fromDay: t.fromDay, dailyBps: t.dailyBps })),
    lateCapBps: p.lateCapBps,
    status: p.status,
    sort: p.sort,
    description: p.description,
    buttonText: p.buttonText,
    tags: p.tags,
  }
}

/**
 * The market's rules (domain productRuleProblems: the term range, well-formed terms, the caps in
 * force today) decide what may be saved; a refusal names each rule beside its field.
 */
export function assertProductRules(row: ProductDraftRow, now: Date): void {
  const problems = productRuleProblems(productFields(row as NewProduct), localDate(now, row.market))
  if (problems.length) throw new AppError('productRuleBroken', { data: { fields: [...new Set(problems.map((p) => p.field))], problems } })
}

function versionView(v: ProductVersion, emails: Map<number, string>): ProductVersionView {
  return {
    id: v.id,
    market: v.market,
    code: v.code,
    productId: v.productId,
    draft: draftOf(v.draft),
    status: v.status,
    ...fourEyesPeople('productVersion', { ...v, requestedBy: v.proposedBy, requestedAt: v.proposedAt }, emails),
    publishedProductId: v.publishedProductId,
  }
}

async function viewsOf(db: Executor, versions: ProductVersion[]): Promise<ProductVersionView[]> {
  const emails = await staffEmailsOf(db, versions.flatMap((v) => [v.proposedBy, v.decidedBy]))
  return versions.map((v) => versionView(v, emails))
}

function headlineOf(p: Product): OpsProduct['headline'] {
  const terms = loanTermsOf(p, Math.max(...periodChoices(p)))
  const { kind, bps } = headlineRate(quoteLoan(largestAmount({ min: p.minAmount, max: p.maxAmount, step: p.amountStep }), terms), terms)
  return { kind, bps }
}

/** The market's products (current versions, catalogue order) with their pending proposals, and the proposed new products. */
export async function productsOfMarket(deps: ProductDeskDeps, market: Market, marketProducts: (db: Executor, m: Market) => Promise<Product[]>) {
  const [rows, pending] = await Promise.all([marketProducts(deps.db, market), repo.pendingOfMarket(deps.db, market)])
  const views = await viewsOf(deps.db, pending)
  const byProduct = new Map(views.filter((v) => v.productId !== null).map((v) => [v.productId!, v]))
  return {
    products: rows.map((p) => ({ id: p.id, code: p.code, market: p.market, version: p.version, isPartner: p.isPartner, draft: draftOf(p), headline: headlineOf(p), pending: byProduct.get(p.id) ?? null })),
    newProducts: views.filter((v) => v.productId === null),
  }
}

/** A product's versions, newest first: each published row (with its number) and each proposal not published. */
export async function productVersionList(deps: ProductDeskDeps, staff: StaffPrincipal, productId: number) {
  const product = await repo.currentProduct(deps.db, productId)
  if (!product) throw new AppError('notFound')
  assertStaffMarket(staff, product.market)
  const { rows, proposals } = await repo.versionsOfLineage(deps.db, product.lineageId ?? product.id)
  const views = await viewsOf(deps.db, proposals)
  const publishedBy = new Map(views.filter((v) => v.publishedProductId !== null).map((v) => [v.publishedProductId!, v]))
  const versions = rows.map((r) => {
    const proposal = publishedBy.get(r.id)
    // a version published before four eyes (the seed's): nobody asked, it took effect when written
    const written = { requestedBy: null, requestedAt: r.createdAt, decidedBy: null, decidedAt: r.createdAt }
    const base = proposal ?? { id: 0, market: r.market, code: r.code, productId: null, status: 'published' as const, ...fourEyesPeople('productVersion', written, new Map()), publishedProductId: r.id }
    return { ...base, draft: draftOf(r), version: r.version }
  })
  const open = views.filter((v) => v.publishedProductId === null).map((v) => ({ ...v, version: null }))
  // proposals not published (newest first), then the published versions from the newest
  return { versions: [...open, ...versions] }
}

async function audit(tx: Tx, staff: StaffPrincipal, ip: string, at: Date, action: string, v: ProductVersion, before: unknown, after: unknown) {
  await record(tx, { staffId: staff.staffId, role: staff.role, action, recordType: 'product', recordId: v.code, before, after, ip, markets: [v.market], at })
}

const auditState = (v: ProductVersion) => ({ versionId: v.id, status: v.status, productId: v.productId, publishedProductId: v.publishedProductId, draft: v.draft })

export interface ProposeInput {
  productId?: number | undefined
  market?: Market | undefined
  code?: string | undefined
  draft: ProductDraft
}

/** The maker: checks the market's rules and stores the proposal; one pending per product. */
export async function proposeVersion(deps: ProductDeskDeps, staff: StaffPrincipal, ip: string, input: ProposeInput): Promise<{ version: ProductVersionView }> {
  const now = deps.now()
  const row = await deps.db.transaction(async (tx) => {
    let draft: ProductDraftRow
    let productId: number | null = null
    if (input.productId !== undefined) {
      const base = await repo.currentProduct(tx, input.productId)
      if (!base) throw new AppError('notFound')
      assertStaffMarket(staff, base.market)
      draft = draftRow(input.draft, base)
      productId = base.id
    } else {
      if (!input.market || !input.code) throw new AppError('invalidRequest', { data: { fields: [input.market ? 'code' : 'market'] } })
      if (!(staff.markets as string[]).includes(input.market)) throw new AppError('staffForbidden')
      if (await repo.codeInUse(tx, input.code)) throw new AppError('productCodeTaken', { data: { fields: ['code'] } })
      draft = draftRow(input.draft, { market: input.market, code: input.code, logoUrl: logoUrl(input.code), isPartner: false, partnerUrl: null })
    }
    assertProductRules(draft, now)
    const inserted = await repo.insertProposal(tx, { market: draft.market, code: draft.code, productId, draft, proposedBy: staff.staffId, proposedAt: now }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('productVersionPending')
      throw error
    })
    await audit(tx, staff, ip, now, 'products.propose', inserted, null, auditState(inserted))
    return inserted
  })
  return { version: (await viewsOf(deps.db, [row]))[0]! }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } }
  return e?.code === '23505' || e?.cause?.code === '23505'
}

async function lockPending(tx: Tx, staff: StaffPrincipal, versionId: number): Promise<ProductVersion> {
  const found = await repo.lockProposal(tx, versionId)
  if (!found) throw new AppError('notFound')
  assertStaffMarket(staff, found.market)
  if (found.status !== 'pending') throw new AppError('productVersionNotPending')
  return found
}

/**
 * The checker, never the maker: the rules are checked again on the day of publishing (caps change
 * with the date), the version it replaces must still be current, then the new row is inserted and
 * every process drops its kept catalogue (catalogue-notify.ts).
 */
export async function publishVersion(deps: ProductDeskDeps, staff: StaffPrincipal, ip: string, versionId: number): Promise<{ version: ProductVersionView }> {
  const now = deps.now()
  const closed = await deps.db.transaction(async (tx) => {
    const found = await lockPending(tx, staff, versionId)
    checkFourEyes('productVersion', { requestedBy: found.proposedBy, requestedAt: found.proposedAt }, staff, 'confirm', now)
    let replaces: Product | null = null
    if (found.productId !== null) {
      replaces = (await repo.currentProduct(tx, found.productId)) ?? null
      if (!replaces) throw new AppError('productVersionStale')
    }
    assertProductRules(found.draft, now)
    const published = await repo.insertVersion(tx, replaces, { ...found.draft, createdAt: now }).catch((error: unknown) => {
      if (isUniqueViolation(error) || (error instanceof Error && error.message === 'stale')) throw new AppError('productVersionStale')
      throw error
    })
    const closed = await repo.closeProposal(tx, found.id, { status: 'published', decidedBy: staff.staffId, decidedAt: now, publishedProductId: published.id })
    if (!closed) throw new AppError('productVersionNotPending')
    await notifyCatalogueChanged(tx, found.market)
    await audit(tx, staff, ip, now, 'products.publish', closed, auditState(found), { ...auditState(closed), version: published.version })
    return closed
  })
  // this process at once, after the commit (a read between the insert and the commit kept the old catalogue)
  catalogueChanged()
  return { version: (await viewsOf(deps.db, [closed]))[0]! }
}

/** Either admin withdraws a pending version; nothing else changes. */
export async function withdrawVersion(deps: ProductDeskDeps, staff: StaffPrincipal, ip: string, versionId: number): Promise<{ version: ProductVersionView }> {
  const now = deps.now()
  const closed = await deps.db.transaction(async (tx) => {
    const found = await lockPending(tx, staff, versionId)
    const closed = await repo.closeProposal(tx, found.id, { status: 'withdrawn', decidedBy: staff.staffId, decidedAt: now })
    if (!closed) throw new AppError('productVersionNotPending')
    await audit(tx, staff, ip, now, 'products.withdraw', closed, auditState(found), auditState(closed))
    return closed
  })
  return { version: (await viewsOf(deps.db, [closed]))[0]! }
}
