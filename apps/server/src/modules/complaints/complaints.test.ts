import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ERRORS,
  contactKfInfo,
  problemDetail,
  problemInit,
  problemInitV3,
  problemList,
  problemSave,
  saveScore,
  uploadProblemImg,
} from '@kilat/contract'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession } from '../../db/factories.js'
import { complaintUploads, complaints } from './complaints.schema.js'
import { get, post } from '../../test/inject.js'
import { LocalDiskStorage } from '../../adapters/storage/local-disk-storage.js'
import { storedThenRecorded } from './complaints.service.js'
import { openComplaintsApp, upload } from './test-helpers.js'

let app: FastifyInstance
let database: Database
let close: () => Promise<void>
let storageDir: string
const ME = { tok: 'demo-borrower' }
const OTHER = { tok: 'demo-borrower-2' }
const MX = { tok: 'demo-borrower-mx', market: 'MX' }

beforeAll(async () => {
  ;({ app, database, close, storageDir } = await openComplaintsApp())
})
afterAll(() => close?.())

const png = (width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: '#3360dd' } }).png().toBuffer()
const sendImage = (data: Buffer, query: Record<string, string> = ME, filename = 'photo.png', contentType = 'image/png') =>
  upload(app, uploadProblemImg.path, { data, filename, contentType }, query)
async function uploaded(query: Record<string, string> = ME): Promise<string> {
  const res = await sendImage(await png(), query)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.url as string
}
const save = (fields: Record<string, string | number>, query: Record<string, string> = ME) => post(app, problemSave.path, fields, query)
const expectError = (res: { statusCode: number; json: () => { code: unknown; message: string } }, key: keyof typeof ERRORS, lang: 'id' | 'en' | 'es' = 'id') => {
  expect(res.statusCode).toBe(ERRORS[key].status)
  // the user-problem family: error codes are strings, as its success code '00'
  expect(res.json().code).toBe(String(ERRORS[key].code))
  expect(res.json().message).toBe(ERRORS[key].messages[lang])
}

describe('problem-init', () => {
  it('answers the types, the collection sub-types and every order newest first with isShow', async () => {
    for (const call of [problemInit, problemInitV3]) {
      const res = await post(app, call.path, {}, ME)
      expect(res.statusCode).toBe(200)
      const data = res.json().data
      expect(res.json().code).toBe('00')
      expect(data.problemType[0]).toEqual({ title: 'Penagihan', value: 1 })
      expect(data.problemType.length).toBeGreaterThanOrEqual(6)
      expect(data.problemSonType.map((o: { value: number }) => o.value)).toEqual([1, 2, 3, 4, 5, 6])
      expect(data.orderList).toHaveLength(10)
      expect(data.orderDetail).toEqual(data.orderList[0])
      expect(data.problemStatus).toBe(1)
      expect(data.replyNote).toMatch(/3 hari kerja/)
      const byNo = Object.fromEntries(data.orderList.map((o: { orderNo: string; isShow: number; status: number }) => [o.orderNo, o]))
      expect(byNo.K2026000001).toMatchObject({ status: 21, isShow: 0 })
      expect(byNo.K2026000003).toMatchObject({ status: 110, isShow: 0 })
      expect(byNo.K2026000006).toMatchObject({ status: 180, isShow: 1 })
    }
  })

  it('selects the order asked for, in the request’s language', async () => {
    const res = await post(app, problemInit.path, { orderNo: 'K2026000006' }, { ...ME, lang: 'en' })
    expect(res.json().data.orderDetail.orderNo).toBe('K2026000006')
    expect(res.json().data.problemType[0].title).toBe('Collection')
    expect(res.json().data.orderDetail.list.map((l: { title: string }) => l.title)).toContain('Loan amount')
  })

  it('another borrower’s order is not found; no session is refused', async () => {
    expectError(await post(app, problemInit.path, { orderId: 'K2026000006' }, OTHER), 'notFound')
    expectError(await post(app, problemInit.path, {}, {}), 'sessionRequired')
  })
})

describe('problem-save', () => {
  it('saves a complaint with images, which then shows in the list and the detail', async () => {
    const urls = [await uploaded(), await uploaded()]
    const res = await save({ problemType: 2, problemDetail: 'Tagihan saya belum berubah <b>setelah</b> bayar', problemImage: urls.join(','), orderNo: 'K2026000005' })
    expect(res.statusCode, res.body).toBe(200)
    const { problemId, replyDue } = res.json().data
    expect(replyDue).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const list = (await post(app, problemList.path, {}, ME)).json().data
    expect(list.tabs.map((t: { status: string }) => t.status)).toEqual(['processing', 'replied', 'closed'])
    expect(list.tabs[0].list[0]).toMatchObject({ id: problemId, type: 'Pembayaran', content: 'Tagihan saya belum berubah <b>setelah</b> bayar' })
    const detail = (await post(app, problemDetail.path, { problemId }, ME)).json().data
    expect(detail).toMatchObject({ problemId, type: 'Pembayaran', sonType: '', images: urls, disposeDetail: '', isScore: 0, status: 'processing', overdue: false, escalation: null, replyDue })
  })

  it('refuses an empty description with its message, in the borrower’s language', async () => {
    expectError(await save({ problemType: 2, problemDetail: '   ', orderNo: 'K2026000005' }), 'complaintTextRequired')
    expectError(await save({ problemType: 2, problemDetail: '', orderNo: 'K2026000005' }, { ...ME, lang: 'en' }), 'complaintTextRequired', 'en')
  })

  it('refuses a collection complaint about an order that allows none', async () => {
    const res = await save({ problemType: 1, problemSonType: 1, problemDetail: 'Ditelepon malam hari', orderNo: 'K2026000001' })
    expectError(res, 'collectionNotAllowed')
    expectError(await save({ problemType: 1, problemSonType: 1, problemDetail: 'x', orderNo: 'K2026000001' }, { ...ME, lang: 'en' }), 'collectionNotAllowed', 'en')
    expect(ERRORS.collectionNotAllowed.messages.en).toBe('The selected order does not support sending collection types.')
  })

  it('accepts a collection complaint with a sub-type on an order that allows it, and needs the sub-type', async () => {
    expectError(await save({ problemType: 1, problemDetail: 'Ditelepon malam', orderNo: 'K2026000006' }), 'problemTypeInvalid')
    expectError(await save({ problemType: 99, problemDetail: 'x', orderNo: 'K2026000006' }), 'problemTypeInvalid')
    expectError(await save({ problemType: 2, problemSonType: 3, problemDetail: 'x', orderNo: 'K2026000006' }), 'problemTypeInvalid')
    const res = await save({ problemType: 1, problemSonType: 3, problemDetail: 'Ditelepon pukul 22.00', orderNo: 'K2026000006' })
    expect(res.statusCode).toBe(200)
    const detail = (await post(app, problemDetail.path, { problemId: res.json().data.problemId }, { ...ME, lang: 'es' })).json().data
    expect(detail).toMatchObject({ type: 'Cobranza', sonType: 'Llamadas fuera de 08:00–20:00 o demasiado frecuentes', typeValue: 1, sonTypeValue: 3 })
  })

  it('refuses bad input: missing, wrong type, too long', async () => {
    const missing = await save({ problemType: 2, problemDetail: 'x' })
    expectError(missing, 'invalidRequest')
    expect(missing.json().data.fields).toEqual(['orderNo'])
    expect((await save({ problemType: 'abc', problemDetail: 'x', orderNo: 'K2026000005' })).json().data.fields).toEqual(['problemType'])
    expect((await save({ problemType: 2, problemDetail: 'x'.repeat(201), orderNo: 'K2026000005' })).json().data.fields).toEqual(['problemDetail'])
    expect((await save({ problemType: 2, problemDetail: 'x', orderNo: "K1' or 1=1--" })).json().data.fields).toEqual(['orderNo'])
    expect((await save({ problemType: 2, problemDetail: 'x'.repeat(200), orderNo: 'K2026000005' })).statusCode).toBe(200)
  })

  it('stores hostile text as sent', async () => {
    const hostile = `<script>alert(1)</script>'; drop table complaints;-- 🙂`
    const res = await save({ problemType: 8, problemDetail: hostile, orderNo: 'K2026000005' })
    const detail = (await post(app, problemDetail.path, { problemId: res.json().data.problemId }, ME)).json().data
    expect(detail.content).toBe(hostile)
  })

  it('another borrower’s order is not found, and their images are unknown', async () => {
    expectError(await save({ problemType: 2, problemDetail: 'x', orderNo: 'K2026000011' }), 'notFound')
    const theirs = await uploaded(OTHER)
    expectError(await save({ problemType: 2, problemDetail: 'x', problemImage: theirs, orderNo: 'K2026000005' }), 'imageUnknown')
    expectError(await save({ problemType: 2, problemDetail: 'x', problemImage: 'https://evil.example.com/a.png', orderNo: 'K2026000005' }), 'imageUnknown')
  })

  it('refuses a 10th image', async () => {
    const url = await uploaded()
    const ten = Array.from({ length: 10 }, () => url).join(',')
    expectError(await save({ problemType: 2, problemDetail: 'x', problemImage: ten, orderNo: 'K2026000005' }), 'tooManyImages')
  })

  it('saves a double tap once: with the request key, and the same complaint within seconds', async () => {
    const fields = { problemType: 3, problemDetail: 'Dana belum cair', orderNo: 'K2026000002', requestKey: 'form-abc-12345' }
    const [a, b] = await Promise.all([save(fields), save(fields)])
    expect(a.json().data.problemId).toBe(b.json().data.problemId)
    const again = await save(fields)
    expect(again.json().data.problemId).toBe(a.json().data.problemId)
    const noKey = { problemType: 3, problemDetail: 'Dana belum cair juga', orderNo: 'K2026000002' }
    const [c, d] = await Promise.all([save(noKey), save(noKey)])
    expect(c.json().data.problemId).toBe(d.json().data.problemId)
    const rows = await database.db.select().from(complaints).where(eq(complaints.detail, 'Dana belum cair juga'))
    expect(rows).toHaveLength(1)
  })
})

describe('upload-problem-img', () => {
  it('stores a re-encoded image under a server-made name, served to its owner only', async () => {
    const res = await sendImage(await png(), ME, '../../etc/passwd.png')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ code: '00' })
    const url: string = res.json().data.url
    expect(url).toMatch(/^\/media\/complaints\/[0-9a-f]{32}\.png$/)
    const mine = await get(app, url, ME)
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['content-type']).toBe('image/png')
    expect(mine.headers['cache-control']).toBe('private, max-age=86400')
    expect((await sharp(mine.rawPayload).metadata()).width).toBe(64)
    expect((await get(app, url, OTHER)).statusCode).toBe(404)
    expect((await get(app, url, {})).statusCode).toBe(401)
    expect((await get(app, '/media/complaints/..%2F..%2Fetc%2Fpasswd', ME)).statusCode).toBe(404)
  })

  it('sends its content hash as ETag and answers 304 to a copy that is current, after the owner check', async () => {
    const url = await uploaded()
    const first = await get(app, url, ME)
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/)
    const again = await app.inject({ method: 'GET', url: `${url}?tok=${ME.tok}`, headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload).toHaveLength(0)
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['cache-control']).toBe('private, max-age=86400')
    const stale = await app.inject({ method: 'GET', url: `${url}?tok=${ME.tok}`, headers: { 'if-none-match': '"0000"' } })
    expect(stale.statusCode).toBe(200)
    expect(stale.rawPayload.equals(first.rawPayload)).toBe(true)
    // knowing the tag opens nothing: another borrower still reads "not found"
    const other = await app.inject({ method: 'GET', url: `${url}?tok=${OTHER.tok}`, headers: { 'if-none-match': etag } })
    expect(other.statusCode).toBe(404)
  })

  it('takes the stored file back when its row is refused: never a file nobody can be given, never a row without its file', async () => {
    const storage = new LocalDiskStorage(storageDir)
    const refused = storedThenRecorded(storage, 'refusedrow0001.png', await png(), () => Promise.reject(new Error('quota')))
    await expect(refused).rejects.toThrow('quota')
    expect(await storage.get('refusedrow0001.png')).toBeNull()
    await storedThenRecorded(storage, 'keptrow0000001.png', await png(), () => Promise.resolve())
    expect(await storage.get('keptrow0000001.png')).not.toBeNull()
  })

  it('serves the seeded agent reply images to their owner', async () => {
    const list = (await post(app, problemList.path, {}, ME)).json().data
    const replied = list.tabs[1].list[0]
    const detail = (await post(app, problemDetail.path, { problemId: replied.id }, ME)).json().data
    expect(detail.disposeDetail).not.toBe('')
    expect(detail.disposeImages).toHaveLength(1)
    expect(detail.isScore).toBe(1)
    const image = await get(app, detail.disposeImages[0], ME)
    expect(image.statusCode).toBe(200)
    expect((await get(app, detail.disposeImages[0], MX)).statusCode).toBe(404)
  })

  it('decides the type from the bytes: a program named .png is refused', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4000, 1)])
    expectError(await sendImage(elf, ME, 'photo.png', 'image/png'), 'imageTypeRefused')
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4000, 0)])
    expectError(await sendImage(exe, ME, 'photo.jpg', 'image/jpeg'), 'imageTypeRefused')
    expectError(await sendImage(Buffer.from('#!/bin/sh\nrm -rf /\n'), ME, 'x.png'), 'imageTypeRefused')
    const gif = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64')
    expectError(await sendImage(gif, ME, 'x.png'), 'imageTypeRefused')
    // a PNG signature followed by garbage
    expectError(await sendImage(Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(200, 7)]), ME), 'imageTypeRefused')
  })

  it('refuses a 6 MB file and an image over 4096 pixels', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(6 * 1024 * 1024, 1)])
    expectError(await sendImage(big, ME), 'payloadTooLarge')
    expectError(await sendImage(await png(5000, 10), ME), 'imageTooLarge')
  })

  it('removes the EXIF location', async () => {
    const withGps = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#888' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 12/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '106/1 49/1 0/1' } })
      .toBuffer()
    expect(withGps.includes(Buffer.from('PhoneMaker'))).toBe(true)
    expect((await sharp(withGps).metadata()).exif).toBeDefined()
    const res = await sendImage(withGps, ME, 'IMG_0001.JPG', 'image/jpeg')
    expect(res.statusCode).toBe(200)
    const stored = (await get(app, res.json().data.url, ME)).rawPayload
    const meta = await sharp(stored).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.exif).toBeUndefined()
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false)
    expect(stored.includes(Buffer.from('GPS'))).toBe(false)
  })

  it('needs the problemImage field and multipart', async () => {
    expectError(await upload(app, uploadProblemImg.path, { data: await png(), filename: 'a.png', contentType: 'image/png', field: 'other' }, ME), 'invalidRequest')
    expectError(await post(app, uploadProblemImg.path, { problemImage: 'x' }, ME), 'unsupportedMediaType')
  })

  it('keeps a daily quota per borrower', async () => {
    const { borrower, token } = await createBorrowerWithSession(database.db, { market: 'ID' })
    await database.db.insert(complaintUploads).values(
      Array.from({ length: 30 }, (_, i) => ({ borrowerId: borrower.id, name: `quota${String(i).padStart(4, '0')}.png`, mime: 'image/png', bytes: 1, width: 1, height: 1 })),
    )
    expectError(await sendImage(await png(), { tok: token }), 'uploadQuotaReached')
  })
})

describe('problem-detail and save-score', () => {
  const firstOf = async (status: number, query = ME) => (await post(app, problemList.path, {}, query)).json().data.tabs[status].list[0].id as number

  it('another borrower’s complaint is not found', async () => {
    const id = await firstOf(0)
    expectError(await post(app, problemDetail.path, { problemId: id }, OTHER), 'notFound')
    expectError(await post(app, saveScore.path, { problemId: id, score: 5 }, OTHER), 'notFound')
    expectError(await post(app, problemDetail.path, { problemId: 99999999 }, ME), 'notFound')
    expectError(await post(app, problemDetail.path, { problemId: 'abc' }, ME), 'invalidRequest')
  })

  it('shows where to escalate when a reply is overdue or the complaint closed unresolved', async () => {
    const processing = (await post(app, problemList.path, {}, ME)).json().data.tabs[0].list as Array<{ id: number; content: string }>
    const late = processing.find((r) => r.content.startsWith('Aplikasi keluar'))!
    const detail = (await post(app, problemDetail.path, { problemId: late.id }, ME)).json().data
    expect(detail.overdue).toBe(true)
    expect(detail.escalation.authority.phone).toBe('157')
    expect(detail.escalation.grievanceOfficer.email).toMatch(/@/)
    const closed = (await post(app, problemList.path, {}, { ...ME, lang: 'en' })).json().data.tabs[2]
    expect(closed.title).toBe('Closed')
    const unresolved = closed.list.find((r: { content: string }) => r.content.startsWith('Saya ingin'))
    const d2 = (await post(app, problemDetail.path, { problemId: unresolved.id }, { ...ME, lang: 'en' })).json().data
    expect(d2).toMatchObject({ outcome: 'unresolved', isScore: 1 })
    expect(d2.escalation.text).toMatch(/OJK/)
    const resolved = closed.list.find((r: { content: string }) => r.content.startsWith('Dana yang'))
    expect((await post(app, problemDetail.path, { problemId: resolved.id }, ME)).json().data).toMatchObject({ escalation: null, isScore: 0, score: 5 })
  })

  it('Mexico escalates to CONDUSEF', async () => {
    const id = await firstOf(1, MX)
    expect((await post(app, problemDetail.path, { problemId: id }, MX)).json().data).toMatchObject({ type: 'Pagos', escalation: null })
    await database.db.update(complaints).set({ status: 'closed', outcome: 'unresolved' }).where(eq(complaints.id, id))
    const detail = (await post(app, problemDetail.path, { problemId: id }, MX)).json().data
    expect(detail.escalation.authority.name).toBe('CONDUSEF')
    expect(detail.escalation.text).toMatch(/CONDUSEF/)
  })

  it('rates an answered complaint once, 1 to 5', async () => {
    const id = await firstOf(1)
    expectError(await post(app, saveScore.path, { problemId: id, score: 0 }, ME), 'ratingRequired')
    expectError(await post(app, saveScore.path, { problemId: id, score: 6 }, ME), 'invalidRequest')
    const ok = await post(app, saveScore.path, { problemId: id, score: 4 }, ME)
    expect(ok.json()).toMatchObject({ code: '00', data: null })
    expectError(await post(app, saveScore.path, { problemId: id, score: 5 }, ME), 'alreadyRated')
    expect((await post(app, problemDetail.path, { problemId: id }, ME)).json().data).toMatchObject({ isScore: 0, score: 4 })
    expectError(await post(app, saveScore.path, { problemId: await firstOf(0), score: 3 }, ME), 'complaintNotAnswered')
  })
})

describe('contact-kf-info', () => {
  it('answers each market’s contact from the configuration', async () => {
    const id = await post(app, contactKfInfo.path, { overall: 30 }, ME)
    expect(id.json()).toMatchObject({ code: 0, data: { smWa: '+62 21 5098 7700', market: 'ID' } })
    expect(id.json().data.email).toMatch(/@/)
    const mx = await post(app, contactKfInfo.path, { overall: 30 }, { market: 'MX' })
    expect(mx.json().data).toMatchObject({ smWa: '+52 55 8526 4400', market: 'MX' })
    expect(mx.json().data.hours).toMatch(/Lunes/)
  })
})
