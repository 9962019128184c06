import styles from './star-rating.module.css'

const STARS = [1, 2, 3, 4, 5] as const

function Star() {
  return (
    <svg width="32" height="32" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 2.8l2.8 5.7 6.3.9-4.6 4.4 1.1 6.3L12 17.1l-5.6 3 1.1-6.3L2.9 9.4l6.3-.9z"
        fill="currentColor"
        stroke="currentColor"
        strokeWidth="1"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/**
 * Five star buttons (docs/product/complaints.md#rating, docs/product/loans.md#rating): the stars up
 * to the tapped one turn green and read as pressed. `label` names the group; `starLabel(n)` names
 * each star ("3 stars"). Plain buttons, so Tab reaches each star and Enter or Space chooses it.
 */
export function StarRating({ value, onChange, label, starLabel }: { value: number; onChange: (score: number) => void; label: string; starLabel: (count: number) => string }) {
  return (
    <div className={styles.stars} role="group" aria-label={label}>
      {STARS.map((star) => (
        <button key={star} type="button" className={styles.star} aria-label={starLabel(star)} aria-pressed={star <= value} onClick={() => onChange(star)}>
          <Star />
        </button>
      ))}
    </div>
  )
}
