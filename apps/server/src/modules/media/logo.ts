import { initialsOf, LOGO_DRAWING, logoColourOf } from '@kilat/domain'
import { escapeHtml } from '../../http/html.js'

/** A product's drawn logo as an SVG image (the drawing's rules: packages/domain/src/product-logo.ts). */
export function logoSvg(code: string, name: string): string {
  const { size, viewBox, radius, text } = LOGO_DRAWING
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${viewBox}" role="img">` +
    `<title>${escapeHtml(name)}</title>` +
    `<rect width="${size}" height="${size}" rx="${radius}" fill="${logoColourOf(code)}"/>` +
    `<text x="${text.x}" y="${text.y}" dy="${text.dy}" text-anchor="middle" font-family="${text.fontFamily}" ` +
    `font-size="${text.fontSize}" font-weight="${text.fontWeight}" fill="${text.fill}">${escapeHtml(initialsOf(name))}</text></svg>`
  )
}
