import { errorReplySchema } from '@masar/contracts';
import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { z } from 'zod';

/**
 * The OpenAPI description of a contracts schema, generated from the zod schema itself so
 * the docs cannot drift from what the gateway validates. `input` describes what a caller
 * may send (defaults optional), `output` what the gateway answers.
 */
export function openApiSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): SchemaObject {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { io, target: 'openapi-3.0', unrepresentable: 'any' });
  return jsonSchema as SchemaObject;
}

export const errorReplyOpenApi = openApiSchemaOf(errorReplySchema);

/** One @ApiQuery per property of a query schema (an object schema from contracts). */
export function ApiQueryFrom(schema: z.ZodObject): MethodDecorator {
  const described = openApiSchemaOf(schema, 'input');
  const required = new Set(described.required ?? []);
  const decorators = Object.entries(described.properties ?? {}).map(([name, property]) =>
    ApiQuery({ name, required: required.has(name), schema: property as SchemaObject }),
  );
  return applyDecorators(...decorators);
}
