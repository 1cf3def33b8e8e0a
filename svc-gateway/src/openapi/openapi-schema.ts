import { errorReplySchema } from '@masar/contracts';
import { applyDecorators } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
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

/**
 * What every admins-only route that changes a course answers besides its own reply: 401 signed out, 403 not
 * an admin, 503 when svc-courses is silent (the routes also carry @Roles('admin'); svc-courses checks again).
 */
export function ApiAdminCourseChanges(): ClassDecorator {
  return applyDecorators(
    ApiTags('courses'),
    ApiCookieAuth(),
    ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' }),
    ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Signed in, but not an admin' }),
    ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-courses did not answer' }),
  );
}
