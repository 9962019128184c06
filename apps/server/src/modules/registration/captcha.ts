import { randomInt } from 'node:crypto'
import sharp from 'sharp'
import { CAPTCHA_ALPHABET } from '@kilat/domain'

/**
 * The captcha image (docs/product/registration.md#sid-and-captcha). Characters are drawn as strokes
 * (no font: none is guaranteed on a server), each turned, scaled and shifted at random over a
 * noisy background, then rasterised to PNG, so that the answer is not in the file as text or as
 * one path per character.
 */

/** Each character as strokes on a 10 × 14 grid. */
const GLYPHS: Readonly<Record<string, string>> = {
  '3': 'M1 1H9L5 6Q9 6 9 10Q9 13 5 13Q2 13 1 11',
  '4': 'M7 13V1L1 9H10',
  '6': 'M8 1Q2 3 1 9Q1 13 5 13Q9 13 9 9Q9 6 5 6Q2 6 1 9',
  '7': 'M1 1H9L4 13',
  '9': 'M9 5Q9 1 5 1Q1 1 1 5Q1 8 5 8Q9 8 9 5Q9 11 3 13',
  A: 'M1 13L5 1L9 13M2.5 9H7.5',
  C: 'M9 2Q7 1 5 1Q1 1 1 7Q1 13 5 13Q7 13 9 12',
  E: 'M9 1H1V13H9M1 7H7',
  F: 'M9 1H1V13M1 7H7',
  H: 'M1 1V13M9 1V13M1 7H9',
  J: 'M9 1V10Q9 13 5 13Q1 13 1 10',
  K: 'M1 1V13M9 1L1 8M4 6L9 13',
  M: 'M1 13V1L5 8L9 1V13',
  N: 'M1 13V1L9 13V1',
  P: 'M1 13V1H6Q9 1 9 4Q9 7 6 7H1',
  R: 'M1 13V1H6Q9 1 9 4Q9 7 6 7H1M5 7L9 13',
  T: 'M1 1H9M5 1V13',
  U: 'M1 1V9Q1 13 5 13Q9 13 9 9V1',
  V: 'M1 1L5 13L9 1',
  W: 'M1 1L3 13L5 6L7 13L9 1',
  X: 'M1 1L9 13M9 1L1 13',
  Y: 'M1 1L5 7L9 1M5 7V13',
}

export const CAPTCHA_WIDTH = 160
export const CAPTCHA_HEIGHT = 60

const between = (min: number, max: number) => min + randomInt(0, 1_000_001) / 1_000_000 * (max - min)
const pick = <T>(list: readonly T[]): T => list[randomInt(0, list.length)]!
const INKS = ['#1D3A8F', '#8A1C3B', '#0F5E3A', '#4A2A7A', '#7A4A00', '#222222']

/** A new answer of `length` characters of the alphabet, from a secure random source. */
export function newCaptchaAnswer(length: number): string {
  let answer = ''
  for (let i = 0; i < length; i += 1) answer += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)]
  return answer
}

/** The SVG drawing of an answer (also what the PNG is rendered from). */
export function captchaSvg(answer: string): string {
  const w = CAPTCHA_WIDTH
  const h = CAPTCHA_HEIGHT
  const parts: string[] = [`<rect width="${w}" height="${h}" fill="hsl(${randomInt(0, 360)},40%,93%)"/>`]
  for (let i = 0; i < 40; i += 1) {
    parts.push(`<circle cx="${between(0, w).toFixed(1)}" cy="${between(0, h).toFixed(1)}" r="${between(0.6, 1.8).toFixed(1)}" fill="${pick(INKS)}" opacity=".5"/>`)
  }
  const slot = (w - 16) / answer.length
  ;[...answer].forEach((ch, i) => {
    const glyph = GLYPHS[ch]
    if (!glyph) throw new Error(`no glyph for captcha character ${ch}`)
    const scale = between(2.5, 3.1)
    const x = 8 + i * slot + between(0, Math.max(0, slot - 10 * scale))
    const y = between(2, Math.max(2, h - 14 * scale - 2))
    const angle = between(-22, 22)
    const ink = pick(INKS)
    parts.push(
      `<path d="${glyph}" fill="none" stroke="${ink}" stroke-width="${between(1.1, 1.5).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round" ` +
        `transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle.toFixed(1)} 5 7) scale(${scale.toFixed(2)})"/>`,
    )
  })
  for (let i = 0; i < 4; i += 1) {
    const y = () => between(5, h - 5).toFixed(1)
    parts.push(
      `<path d="M0 ${y()}C${between(20, 70).toFixed(1)} ${y()} ${between(90, 140).toFixed(1)} ${y()} ${w} ${y()}" fill="none" stroke="${pick(INKS)}" stroke-width="${between(1, 2).toFixed(1)}" opacity=".6"/>`,
    )
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('')}</svg>`
}

/** The captcha as a PNG (about 4-8 KB). */
export function captchaPng(answer: string): Promise<Buffer> {
  return sharp(Buffer.from(captchaSvg(answer))).png({ compressionLevel: 6, palette: true }).toBuffer()
}
