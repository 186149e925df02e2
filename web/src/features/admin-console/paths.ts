/** The sections of the admin area, below /admin (the router mounts them as /admin/*). */
export const adminPaths = {
  sales: '/admin',
  products: '/admin/products',
  newProduct: '/admin/products/new',
  product: (id: string) => `/admin/products/${encodeURIComponent(id)}`,
  promotions: '/admin/promotion-codes',
  customers: '/admin/customers',
  disputes: '/admin/disputes',
  incidents: '/admin/incidents',
} as const;
