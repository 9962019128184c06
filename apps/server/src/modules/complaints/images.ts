import { randomBytes } from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { COMPLAINT_LIMITS } from '@kilat/contract'
import { AppError } from '../../http/errors.js'

export interface ProcessedImage {
  data: Buffer
  mime: 'image/jpeg' | 'image/png'
  ext: 'jpg' | 'png'
  width: number
  height: number
}

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp'])
const MAX = COMPLAINT_LIMITS.imagePixelsMax

// One image at a time per process: decoding a 4096 × 4096 photo takes ~64 MB and most of a core.
sharp.concurrency(1)

/**
 * docs/product/complaints.md#images: the type is decided from the bytes (file-type), never from the
 * name or the header the phone sent; at most 4096 × 4096 pixels; decoded and encoded again, which
 * applies the EXIF orientation and leaves every metadata block (EXIF with its GPS position, XMP,
 * ICC comments) behind. PNG stays PNG (screenshots); JPEG and WebP become JPEG, which every webview
 * shows.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > COMPLAINT_LIMITS.imageBytesMax) throw new AppError('payloadTooLarge')
  const type = await fileTypeFromBuffer(input)
  if (!type || !ACCEPTED.has(type.mime)) throw new AppError('imageTypeRefused')
  let width: number | undefined
  let height: number | undefined
  try {
    ;({ width, height } = await sharp(input, { limitInputPixels: false }).metadata())
  } catch (error) {
    throw new AppError('imageTypeRefused', { cause: error })
  }
  if (!width || !height) throw new AppError('imageTypeRefused')
  if (width > MAX || height > MAX) throw new AppError('imageTooLarge')
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX * MAX, failOn: 'error' }).rotate()
    const png = type.mime === 'image/png'
    const { data, info } = await (png ? pipeline.png({ compressionLevel: 6 }) : pipeline.jpeg({ quality: 82 })).toBuffer({ resolveWithObject: true })
    return png
      ? { data, mime: 'image/png', ext: 'png', width: info.width, height: info.height }
      : { data, mime: 'image/jpeg', ext: 'jpg', width: info.width, height: info.height }
  } catch (error) {
    // bytes that start like an image but do not decode
    throw new AppError('imageTypeRefused', { cause: error })
  }
}

/** A server-made name: 128 random bits, then the extension of what was stored. */
export function newImageName(ext: string): string {
  return `${randomBytes(16).toString('hex')}.${ext}`
}

/**
 * The demo's agent-reply images, drawn when first asked for (docs/product/complaints.md#demo-data):
 * the seed only writes their names, so a fresh storage folder needs nothing copied into it.
 */
export async function demoImage(name: string): Promise<Buffer | null> {
  const m = /^demo-([a-z-]+)\.png$/.exec(name)
  if (!m) return null
  const label = m[1]!.replace(/-/g, ' ')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"><rect width="480" height="320" fill="#eef2fb"/><rect x="24" y="24" width="432" height="272" rx="16" fill="#fff" stroke="#3360dd" stroke-width="4"/><text x="240" y="150" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#3360dd">Kilat</text><text x="240" y="200" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#333">${label}</text></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}
