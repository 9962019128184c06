/**
 * The images of the promotion landing pages (docs/product/registration.md#channel-templates):
 * small SVGs drawn with shapes only (no text, so no font is needed and the alt text carries the
 * meaning). Each banner has its market's accent; the logo is the brand's lightning mark.
 */

const ACCENT: Record<string, string> = { id: '#FFC83D', in: '#FF9933', mx: '#2FBF71' }

function banner(accent: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 360" width="750" height="360">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3360DD"/><stop offset="1" stop-color="#1D3A8F"/></linearGradient></defs>
<rect width="750" height="360" fill="url(#g)"/>
<circle cx="640" cy="60" r="120" fill="#fff" opacity=".08"/><circle cx="90" cy="330" r="90" fill="#fff" opacity=".06"/>
<rect x="300" y="40" width="150" height="280" rx="22" fill="#0F1E4D"/><rect x="312" y="62" width="126" height="230" rx="8" fill="#fff"/>
<rect x="330" y="90" width="90" height="14" rx="7" fill="#DCE4FA"/><rect x="330" y="120" width="60" height="10" rx="5" fill="#DCE4FA"/>
<rect x="330" y="160" width="90" height="60" rx="10" fill="${accent}"/><path d="M362 172l-10 22h14l-6 18 20-26h-14l8-14z" fill="#fff"/>
<rect x="330" y="240" width="90" height="28" rx="14" fill="#3360DD"/>
<g fill="${accent}"><circle cx="200" cy="120" r="34"/><circle cx="560" cy="230" r="28"/><circle cx="170" cy="250" r="20"/></g>
<g fill="#fff" opacity=".9"><rect x="188" y="108" width="24" height="24" rx="4"/><rect x="548" y="218" width="24" height="24" rx="4"/></g>
</svg>`
}

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
<rect width="64" height="64" rx="14" fill="#3360DD"/><path d="M36 8L16 36h13l-4 20 23-30H35z" fill="#FFC83D"/>
</svg>`

const IMAGES: Readonly<Record<string, string>> = {
  'banner-id': banner(ACCENT.id!),
  'banner-in': banner(ACCENT.in!),
  'banner-mx': banner(ACCENT.mx!),
  logo: LOGO,
}

/** The SVG of an image by name, or undefined. */
export function promotionImage(name: string): string | undefined {
  return Object.hasOwn(IMAGES, name) ? IMAGES[name] : undefined
}
