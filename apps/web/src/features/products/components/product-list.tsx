import type { RecommendedProduct } from '@kilat/contract'
import { ProductCard } from '../../../shared/ui/product-card'
import styles from '../products.module.css'

/** docs/product/screens.md#relevant: only the first two cards show their tags. */
const TAGGED_CARDS = 2

/** The cards of a list; a card whose request is under way cannot be tapped again. */
export function ProductList({
  products,
  label,
  pendingId,
  headingLevel,
  onPress,
}: {
  products: readonly RecommendedProduct[]
  label: string
  pendingId?: number
  headingLevel: 2 | 3
  onPress: (product: RecommendedProduct, index: number) => void
}) {
  return (
    <ul className={styles.list} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            showTags={index < TAGGED_CARDS}
            grey={product.buttonStatus === 0}
            disabled={product.buttonStatus === 0}
            busy={pendingId === product.id}
            headingLevel={headingLevel}
            onPress={() => onPress(product, index)}
          />
        </li>
      ))}
    </ul>
  )
}
