/** The structured-data view of a product entry (placeholders already filled). */
import type { z } from 'astro/zod';
import type { productSchema } from './schemas';
import type { ProductInfo } from './structured-data';

export function productInfo(product: z.infer<typeof productSchema>): ProductInfo {
  return { name: product.title, description: product.description, category: product.category, path: product.meta?.path };
}
