import { z } from 'zod';

/** Query strings arrive as text: page and pageSize are coerced, bounded and defaulted. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number({ error: 'Invalid input' }).int({ error: 'Invalid input' }).min(1, { error: 'Invalid input' }).default(1),
  pageSize: z.coerce
    .number({ error: 'Invalid input' })
    .int({ error: 'Invalid input' })
    .min(1, { error: 'Invalid input' })
    .max(100, { error: 'Too long' })
    .default(20),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}
