/**
 * The address of a product's logo, stored in `products.logo_url`. The media routes serve it
 * (docs/product/products.md#product-card); it is re-exported here so that the seed and the
 * factories, which sit below the modules, can fill the column. The rule is the domain's.
 */
export { logoUrl } from '@kilat/domain'
