import { z } from 'zod';

/** The body of every non-2xx answer, over HTTP and over NATS. */
export const errorReplySchema = z.object({
  statusCode: z.number().int().min(400).max(599),
  message: z.string().min(1),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

export function isErrorReply(value: unknown): value is ErrorReply {
  return errorReplySchema.safeParse(value).success;
}

/**
 * Turns a zod failure into one sentence that names the field, e.g.
 * "username: This field is required". The gateway answers 400 with it.
 */
export function describeValidationError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}
