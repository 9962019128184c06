/**
 * The address of a product's logo, stored in `products.logo_url`. The media routes serve it
 * (docs/product/products.md#product-card); it lives here so that the seed and the factories, which
 * sit below the modules, can fill the column.
 */
export const logoUrl = (code: string) => `/media/logos/${encodeURIComponent(code)}.svg`
