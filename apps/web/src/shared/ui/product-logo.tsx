import { drawnLogoCode, initialsOf, LOGO_DRAWING, logoColourOf } from '@kilat/domain'

/**
 * A product's logo in a list of products (product-card.tsx). Our drawn logos (packages/domain/src/product-logo.ts) are drawn inline, the
 * same square the media address serves: each SVG shown as an image is a document of its own for
 * the phone to build, 30-100 ms of a low-tier phone's main thread per logo, where the inline
 * drawing costs a few elements (docs/performance/borrower-main-thread.md#product-logos). Any other
 * address is shown as an image. A screen with one logo keeps the image: the drawing's code would
 * cost it more first-load bytes than the one image costs its main thread.
 */
export function ProductLogo({ src, name, alt, size, className, lazy = false }: { src: string; name: string; alt: string; size: number; className?: string; lazy?: boolean }) {
  const code = drawnLogoCode(src)
  if (code === null) return <img className={className} src={src} alt={alt} width={size} height={size} loading={lazy ? 'lazy' : undefined} decoding={lazy ? 'async' : undefined} />
  const { viewBox, size: side, radius, text } = LOGO_DRAWING
  return (
    <svg className={className} width={size} height={size} viewBox={viewBox} role="img" aria-label={alt}>
      <rect width={side} height={side} rx={radius} fill={logoColourOf(code)} />
      <text
        x={text.x}
        y={text.y}
        dy={text.dy}
        textAnchor="middle"
        fontFamily={text.fontFamily}
        fontSize={text.fontSize}
        fontWeight={text.fontWeight}
        fill={text.fill}
        aria-hidden="true"
      >
        {initialsOf(name)}
      </text>
    </svg>
  )
}
