/** The structured-data view of a product entry (placeholders already filled). */
import type { z } from 'astro/zod';
import type { productSchema } from '../content/schemas';
import type { ProductInfo } from './structured-data';

type Product = z.infer<typeof productSchema>;
export interface ProductCategory {
  id: string;
  applicationCategory: string;
}

/** `categories` is content/lists/product-categories.yaml; the schema guarantees the product's category is in it. */
export function productInfo(product: Product, categories: readonly ProductCategory[]): ProductInfo {
  const category = categories.find((c) => c.id === product.category);
  if (!category)
    throw new Error(`Product "${product.title}": category "${product.category}" is not in content/lists/product-categories.yaml`);
  return {
    name: product.title,
    description: product.description,
    category: product.category,
    applicationCategory: category.applicationCategory,
    path: product.meta?.path,
  };
}
