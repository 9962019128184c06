import styles from '../loans.module.css'

/** Label and value lines as the server composed them (already formatted in the borrower's language). */
export function DetailLines({ lines, label }: { lines: readonly { title: string; value: string }[]; label?: string }) {
  if (lines.length === 0) return null
  return (
    <dl className={styles.lines} aria-label={label}>
      {lines.map((line, index) => (
        <div key={`${line.title}-${index}`}>
          <dt>{line.title}</dt>
          <dd>{line.value}</dd>
        </div>
      ))}
    </dl>
  )
}
