import type { RecommendedProduct } from '@kilat/contract'
import { useTranslation } from '../../shared/i18n'
import { useLocation } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { sendToNative } from '../../shared/bridge'
import buttons from '../../shared/ui/button.module.css'
import { useFollowUrl } from '../../shared/ui/follow-url'
import { Notice } from '../../shared/ui/notice'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { useApplyProduct } from './api/apply-product'
import { recommendedProductsQuery } from './api/get-recommended-products'
import { savePageEvent } from './api/save-page-event'
import { ProductList } from './components/product-list'
import { sceneOf } from './relevant.data'

/** docs/product/screens.md#relevant: the special offers for a scene; applying leads to the confirmation page or a partner. */
export function RelevantPage() {
  const { t } = useTranslation('products')
  const { t: tc } = useTranslation()
  const api = useApi()
  const scene = sceneOf(useLocation().search)
  const { state, retry } = useScreenQuery(recommendedProductsQuery(api, scene))
  const apply = useApplyProduct(t('relevant.applying'))
  // docs/product/products.md#apply: a partner's http(s) page opens here; our own address goes to the shell.
  const follow = useFollowUrl({ viaShell: true })

  const press = (product: RecommendedProduct, index: number) => {
    if (apply.isPending) return
    savePageEvent(api, { productId: product.id, moduleId: product.moduleId, positionId: index })
    apply.mutate({ productId: product.id, moduleId: product.moduleId, scene }, { onSuccess: (data) => follow(data.url) })
  }

  let content
  if (state.status === 'loading') content = <Skeleton blocks={[200, 200, 200]} />
  else if (state.status !== 'ready') content = <ScreenFailure state={state} retry={retry} />
  else if (state.data.length === 0) {
    content = (
      <Notice
        heading={t('relevant.emptyTitle')}
        actions={
          <button type="button" className={buttons.primary} onClick={() => sendToNative('toHome')}>
            {t('relevant.home')}
          </button>
        }
      >
        <p>{t('relevant.emptyBody')}</p>
      </Notice>
    )
  } else {
    content = (
      <ProductList
        products={state.data}
        label={t('relevant.listLabel')}
        headingLevel={2}
        pendingId={apply.isPending ? apply.variables?.productId : undefined}
        onPress={press}
      />
    )
  }

  return <PageFrame title={tc('routes.relevant')}>{content}</PageFrame>
}
