import 'i18next'
import type common from './locales/en/common.json'
import type loans from './locales/en/loans.json'
import type products from './locales/en/products.json'
import type testPreview from './locales/en/testPreview.json'

// Keys are checked against the English texts; the key-set test keeps id and es in step.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: { common: typeof common; testPreview: typeof testPreview; products: typeof products; loans: typeof loans }
  }
}
