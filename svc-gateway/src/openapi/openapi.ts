import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { GatewayConfig } from '../config';

/** Serves the OpenAPI document generated from the controllers: UI at /api/docs, JSON at /api/docs-json. */
export function setupOpenApi(app: INestApplication, config: GatewayConfig): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Masar API')
      .setDescription(
        'The gateway owns /api: it authenticates with a session cookie, validates every body and query ' +
          'against the contracts, and forwards to the owning service over NATS. Errors are {statusCode, message}.',
      )
      .setVersion('0.1.0')
      .addCookieAuth(config.session.cookieName)
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
}
