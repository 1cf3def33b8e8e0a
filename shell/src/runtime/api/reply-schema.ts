import type { z } from 'zod';

/**
 * RTK Query types a response schema as if its input and output were the same type; optional and
 * defaulted contract fields make the input looser. RTK keeps the parsed output, so it is the truth.
 */
export function replySchema<S extends z.ZodType>(schema: S): z.ZodType<z.output<S>, z.output<S>> {
  return schema as unknown as z.ZodType<z.output<S>, z.output<S>>;
}
