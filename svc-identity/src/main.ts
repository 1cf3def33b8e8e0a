import { runServiceProcess, serviceBootstrap } from '@masar/contracts/service-kit';
import { IDENTITY_CONFIG, loadConfig } from './config';
import { IDENTITY_DATABASE } from './database/database-options';
import { EmbedClientsModule } from './embed-clients/embed-clients.module';
import { UsersModule } from './users/users.module';

/** svc-identity: people and their sign-in, in the `identity` schema; seeds the configured accounts during init. */
export const bootstrap = serviceBootstrap({
  service: 'identity',
  loadConfig,
  configToken: IDENTITY_CONFIG,
  database: IDENTITY_DATABASE,
  modules: () => [UsersModule, EmbedClientsModule],
});

if (require.main === module) {
  runServiceProcess('identity', bootstrap);
}
