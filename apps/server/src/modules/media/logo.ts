import { escapeHtml } from '../../http/html.js'

/**
 * Product logos are drawn, not stored: a rounded square in a colour derived from the product code,
 * with the product's initials. Deterministic, so the address can be cached for a long time.
 */
const PALETTE = ['#3360DD', '#0E9F6E', '#D97706', '#DC2626', '#7C3AED', '#0891B2', '#DB2777', '#4D7C0F', '#B45309', '#1D4ED8']

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length >= 2 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '?').slice(0, 2)
  return letters.toUpperCase()
}

function colourOf(code: string): string {
  let hash = 0
  for (const ch of code) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  return PALETTE[hash % PALETTE.length]!
}

export function logoSvg(code: string, name: string): string {
  const initials = escapeHtml(initialsOf(name))
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img">' +
    `<title>${escapeHtml(name)}</title>` +
    `<rect width="96" height="96" rx="22" fill="${colourOf(code)}"/>` +
    '<text x="48" y="50" dy=".35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" ' +
    `font-size="38" font-weight="700" fill="#FFFFFF">${initials}</text></svg>`
  )
}
