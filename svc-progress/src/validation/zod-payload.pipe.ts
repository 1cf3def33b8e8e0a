import { describeValidationError } from '@masar/contracts';
import { PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { rpcError } from '../errors/rpc-error';

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
