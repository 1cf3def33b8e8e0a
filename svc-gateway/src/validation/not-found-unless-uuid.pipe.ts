import { NotFoundException, PipeTransform } from '@nestjs/common';
import { z } from 'zod';

const uuidSchema = z.uuid();

/**
 * The `:id` of a route naming one thing. An id that is not a UUID cannot name any, so it is the
 * same 404 as an unknown one, in the contract's words, and no service hears of it.
 */
export class NotFoundUnlessUuidPipe implements PipeTransform<unknown, string> {
  constructor(private readonly notFoundMessage: string) {}

  transform(value: unknown): string {
    const parsed = uuidSchema.safeParse(value);
    if (!parsed.success) throw new NotFoundException({ statusCode: 404, message: this.notFoundMessage });
    return parsed.data;
  }
}
