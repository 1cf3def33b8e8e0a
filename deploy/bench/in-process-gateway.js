// The benchmark's baseline: one NestJS app serving the gateway's real HTTP pipeline (sessions in
// Redis, passport, guards, validation) with identity's UsersService wired in directly instead of
// asking svc-identity over NATS. Everything but the NATS hop is the same code as production.
'use strict';
require('reflect-metadata');
const path = require('node:path');
const { NestFactory } = require('@nestjs/core');
const { Test } = require('@nestjs/testing');

const ROOT = path.resolve(__dirname, '../..');
const gatewayDist = (file) => require(path.join(ROOT, 'svc-gateway/dist', file));
const identityDist = (file) => require(path.join(ROOT, 'svc-identity/dist', file));

async function main() {
  const identityConfig = identityDist('config').loadConfig(process.env);
  const identityLogger = identityDist('logging/logger').createLogger('warn');
  const identity = await NestFactory.createApplicationContext(
    identityDist('app.module').AppModule.register(identityConfig, identityLogger),
    { logger: false },
  );
  const users = identity.get(identityDist('users/users.service').UsersService);

  const { IdentityClient } = gatewayDist('identity/identity.client');
  const inProcessIdentity = {
    verifyCredentials: (credentials) => users.verifyCredentials(credentials),
    getUser: (id) => users.getUser(id),
    getDemoUser: () => users.getDemoUser(),
    updateProfile: (id, changes) => users.updateProfile(id, changes),
    listUsers: () => users.listUsers(),
  };

  const config = gatewayDist('config').loadConfig(process.env);
  const logger = gatewayDist('logging/logger').createLogger('warn');
  const moduleRef = await Test.createTestingModule({ imports: [gatewayDist('app.module').AppModule.register(config, logger)] })
    .overrideProvider(IdentityClient)
    .useValue(inProcessIdentity)
    .compile();
  const app = moduleRef.createNestApplication({ logger: false });
  gatewayDist('main').configureHttpPipeline(app, config, logger);
  await app.listen(config.port);

  const shutdown = () => void Promise.all([app.close(), identity.close()]).finally(() => process.exit(0));
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
