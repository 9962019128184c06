import type { ReactNode } from 'react'

/**
 * A titled block of a screen. Ant Design's Card brings its tabs and skeleton along (about 20 KiB of
 * every screen's first load) for a border and a heading.
 */
export function Panel({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="ops-panel ops-panel-small">
      <div className="ops-panel-head">
        <h2>{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  )
}
