import type { Locale, Market } from '@kilat/domain'
import type { ReactNode } from 'react'

/**
 * What every public page's server-rendered parts know (docs/decisions/0011-public-pages.md):
 * these pages are rendered to static HTML, never hydrated, so they get facts as props instead of
 * React context from the borrower app's providers, and plain class names from the pages' one
 * inlined stylesheet (app/public/public.css) instead of CSS modules.
 */
export interface PublicPage {
  market: Market
  locale: Locale
  appName: string
  /** A path of ours with the page's language and market (and nothing else, so caches stay few). */
  href(path: string): string
}

/** Keeps the address parameters that choose what a public page says: language and market. */
export function publicHref(path: string, from: URLSearchParams): string {
  const url = new URL(path, 'http://kilat.local')
  for (const key of ['lang', 'market', 'isNeedPop']) {
    const value = from.get(key)
    if (value && !url.searchParams.has(key)) url.searchParams.set(key, value)
  }
  return `${url.pathname}${url.search}${url.hash}`
}

/** The blue title bar of a public page that is not the marketing site, with its way home. */
export function PublicBar({ title, home }: { title: string; home?: { href: string; label: string } }) {
  return (
    <header className="bar">
      <div className="wrap">
        {home && (
          <a href={home.href}>
            <span aria-hidden="true">‹ </span>
            {home.label}
          </a>
        )}
        <h1>{title}</h1>
      </div>
    </header>
  )
}

/** A section of text: heading and paragraphs. */
export function TextSection({ heading, paragraphs, level = 2, children }: { heading: string; paragraphs: readonly string[]; level?: 2 | 3; children?: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <div>
      <Heading>{heading}</Heading>
      {paragraphs.map((text, i) => (
        <p key={i}>{text}</p>
      ))}
      {children}
    </div>
  )
}
