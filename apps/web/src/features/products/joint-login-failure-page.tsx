import type { RecommendedProduct } from '@kilat/contract'
import { useId } from 'react'
import { useTranslation } from '../../shared/i18n'
import { useLocation } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { useFollowUrl } from '../../shared/ui/follow-url'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { standFailureQuery } from './api/get-stand-failure'
import { useOpenStandProduct } from './api/open-stand-product'
import { ProductList } from './components/product-list'
import { failureInputOf } from './joint-login-failure.data'
import styles from './products.module.css'

/** docs/product/screens.md#joint-login-failure: the joint login with a partner failed; other products the borrower can try. */
export function JointLoginFailurePage() {
  const { t } = useTranslation('products')
  const { t: tc } = useTranslation()
  const api = useApi()
  const input = failureInputOf(useLocation().search)
  const { state, retry } = useScreenQuery(standFailureQuery(api, input))
  const open = useOpenStandProduct(t('failure.opening'))
  const follow = useFollowUrl()
  const productsId = useId()

  const press = (product: RecommendedProduct, index: number) => {
    if (open.isPending) return
    open.mutate({ productId: product.id, positionId: index }, { onSuccess: (data) => follow(data.url) })
  }

  let content
  if (state.status === 'loading') content = <Skeleton blocks={[96, 200, 200]} />
  else if (state.status !== 'ready') content = <ScreenFailure state={state} retry={retry} />
  else {
    content = (
      <>
        <section className={styles.failure}>
          <h2>{state.data.title}</h2>
          <p>{state.data.message}</p>
        </section>
        {state.data.products.length > 0 && (
          <section aria-labelledby={productsId}>
            <h2 id={productsId} className={styles.sectionTitle}>{t('failure.productsTitle')}</h2>
            <ProductList
              products={state.data.products}
              label={t('failure.productsTitle')}
              headingLevel={3}
              pendingId={open.isPending ? open.variables?.productId : undefined}
              onPress={press}
            />
          </section>
        )}
      </>
    )
  }
  return <PageFrame title={tc('routes.jointLoginFailure')}>{content}</PageFrame>
}
