import type { RecommendedProduct } from '@kilat/contract'
import { useId } from 'react'
import { useTranslation } from '../i18n'
import buttons from './button.module.css'
import { CostSummary } from './cost-summary'
import styles from './product-card.module.css'
import { ProductLogo } from './product-logo'

export type ProductCardData = Pick<
  RecommendedProduct,
  'productLogo' | 'productName' | 'buttonText' | 'amountRange' | 'amountRangeDes' | 'loan_rate' | 'productDesc' | 'productTags' | 'cost' | 'market'
>

/**
 * A recommended product (docs/product/products.md#product-card): logo, name, button, amount range, rate,
 * description, tags (the lists show them on their first two cards only) and, under it, what the
 * loan costs before the borrower accepts.
 */
export function ProductCard({
  product,
  showTags,
  grey = false,
  disabled = false,
  busy = false,
  headingLevel = 3,
  onPress,
}: {
  product: ProductCardData
  showTags: boolean
  /** A grey button (buttonStatus 0, or a details list item that is not enabled). */
  grey?: boolean
  /** The button does nothing. */
  disabled?: boolean
  /** This card's request is on its way: a second tap must not send another. */
  busy?: boolean
  /** 2 when the list sits right under the page title, 3 under a section heading. */
  headingLevel?: 2 | 3
  onPress: () => void
}) {
  const { t } = useTranslation()
  const nameId = useId()
  const inactive = disabled || busy
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className={styles.card} aria-labelledby={nameId}>
      <div className={styles.head}>
        <ProductLogo className={styles.logo} src={product.productLogo} name={product.productName} alt={t('product.logoAlt', { name: product.productName })} size={44} lazy />
        <Heading id={nameId} className={styles.name}>{product.productName}</Heading>
      </div>
      <div className={styles.figures}>
        <p className={styles.amount}>
          <span className={styles.label}>{product.amountRangeDes}</span>
          <strong>{product.amountRange}</strong>
        </p>
        <p className={styles.rate}>
          <span className={styles.label}>{t('product.rate')}</span>
          <strong>{product.loan_rate}</strong>
        </p>
      </div>
      {product.productDesc && <p className={styles.desc}>{product.productDesc}</p>}
      {showTags && product.productTags.length > 0 && (
        <ul className={styles.tags} aria-label={t('product.tags')}>
          {product.productTags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      )}
      <div className={styles.cost}>
        <CostSummary cost={product.cost} market={product.market} />
      </div>
      {/* After the cost, so the borrower reads what the loan costs before the button. */}
      <div className={styles.action}>
        <button
          type="button"
          className={`${buttons.primary} ${buttons.block} ${grey ? buttons.grey : ''}`}
          disabled={disabled}
          aria-disabled={inactive || undefined}
          aria-busy={busy || undefined}
          aria-describedby={nameId}
          onClick={() => {
            if (!inactive) onPress()
          }}
        >
          {product.buttonText}
        </button>
      </div>
    </article>
  )
}
