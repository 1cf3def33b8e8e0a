import { describeValidationError } from '@masar/contracts';
import { BadRequestException, PipeTransform } from '@nestjs/common';
import { z } from 'zod';

/**
 * Checks a body or query against its contracts schema. A bad one is a 400 whose message
 * names the field, e.g. "password: This field is required".
 */
export class ZodValidationPipe<TSchema extends z.ZodType> implements PipeTransform<unknown, z.infer<TSchema>> {
  constructor(private readonly schema: TSchema) {}

  transform(value: unknown): z.infer<TSchema> {
    const parsed = this.schema.safeParse(value ?? {});
    if (!parsed.success) {
      throw new BadRequestException({ statusCode: 400, message: describeValidationError(parsed.error) });
    }
    return parsed.data;
  }
}
