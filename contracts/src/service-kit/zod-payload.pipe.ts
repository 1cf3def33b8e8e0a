import { describeValidationError } from '../errors';
import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { rpcError } from './rpc-error';

/** Checks a NATS payload against its contracts schema: a bad one is a 400 naming the field. */
export class ZodPayloadPipe<TSchema extends z.ZodType> implements PipeTransform<unknown, z.infer<TSchema>> {
  constructor(private readonly schema: TSchema) {}

  transform(value: unknown): z.infer<TSchema> {
    const parsed = this.schema.safeParse(value);
    if (!parsed.success) {
      throw rpcError(400, describeValidationError(parsed.error));
    }
    return parsed.data;
  }
}
