import { useId } from 'react'
import { useTranslation } from '../../../shared/i18n'
import { useApi } from '../../../shared/api'
import { sendToNative } from '../../../shared/bridge'
import { useFollowUrl } from '../../../shared/ui/follow-url'
import { ProductCard } from '../../../shared/ui/product-card'
import type { LoanDetails } from '../api/get-loan-details'
import { useJumpProduct } from '../api/jump-product'
import { saveServiceEvent } from '../api/save-service-event'
import styles from '../loans.module.css'

/** docs/product/screens.md#relevant: tags on the first two cards only, as on the special offers page. */
const TAGGED_CARDS = 2

/**
 * docs/product/loans.md#recommended-products-on-loan-details: products to try while this order cannot be acted on. A product that is not
 * enabled is grey; one that is not `globally` available cannot be tapped.
 */
export function RecommendedProducts({ products }: { products: LoanDetails['recProducts'] }) {
  const { t } = useTranslation('loans')
  const api = useApi()
  const jump = useJumpProduct(t('detail.opening'))
  const follow = useFollowUrl()
  const headingId = useId()

  const press = (product: LoanDetails['recProducts'][number], index: number) => {
    if (jump.isPending) return
    const event = { productId: product.id, moduleId: product.moduleId, positionId: index }
    saveServiceEvent(api, event)
    jump.mutate(event, { onSuccess: (data) => follow(data.url) })
  }

  return (
    <section aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h2 id={headingId} className={styles.cardTitle}>{t('detail.recommended')}</h2>
        <a
          href="/"
          onClick={(event) => {
            event.preventDefault()
            sendToNative('toHome')
          }}
        >
          {t('detail.moreProducts')}
        </a>
      </div>
      <ul className={styles.list}>
        {products.map((product, index) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              showTags={index < TAGGED_CARDS}
              grey={product.enabled !== 1}
              disabled={product.globally === 0}
              busy={jump.isPending && jump.variables?.productId === product.id}
              onPress={() => press(product, index)}
            />
          </li>
        ))}
      </ul>
    </section>
  )
}
