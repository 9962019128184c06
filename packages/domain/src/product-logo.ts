/**
 * Product logos are drawn, not stored (docs/product/products.md#product-card): a rounded square in
 * a colour derived from the product code, with the product's initials. The server serves the
 * drawing as an image at the address below; the borrower's screens draw the same square inline,
 * because every logo shown as an image costs the phone a document of its own
 * (docs/performance/borrower-main-thread.md#product-logos).
 */

const LOGO_PALETTE = ['#3360DD', '#0E9F6E', '#D97706', '#DC2626', '#7C3AED', '#0891B2', '#DB2777', '#4D7C0F', '#B45309', '#1D4ED8']

/** The address of a product's drawn logo, stored in `products.logo_url`. */
export const logoUrl = (code: string) => `/media/logos/${encodeURIComponent(code)}.svg`

const DRAWN_LOGO = /^\/media\/logos\/([a-z0-9-]{1,64})\.svg$/

/** The product code of a drawn logo's address, or null for any other image. */
export function drawnLogoCode(url: string): string | null {
  return DRAWN_LOGO.exec(url)?.[1] ?? null
}

/** The initials a drawn logo shows: the first letters of the first two words, or the first two letters of one. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length >= 2 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '?').slice(0, 2)
  return letters.toUpperCase()
}

/** The colour of a drawn logo, from the product code. */
export function logoColourOf(code: string): string {
  let hash = 0
  for (const ch of code) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  return LOGO_PALETTE[hash % LOGO_PALETTE.length]!
}

/** The drawing's geometry, the same in the served image and inline. */
export const LOGO_DRAWING = {
  viewBox: '0 0 96 96',
  size: 96,
  radius: 22,
  text: { x: 48, y: 50, dy: '.35em', fontFamily: 'Arial, Helvetica, sans-serif', fontSize: 38, fontWeight: 700, fill: '#FFFFFF' },
} as const
