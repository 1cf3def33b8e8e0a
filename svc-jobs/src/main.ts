import { runServiceProcess, serviceBootstrap } from '@masar/contracts/service-kit';
import { JOBS_CONFIG, loadConfig } from './config';
import { JOBS_DATABASE } from './database/data-source';
import { JobDescriptionsModule } from './job-descriptions/job-descriptions.module';
import { PredefinedRolesModule } from './predefined-roles/predefined-roles.module';

/** svc-jobs: job descriptions and their reviewed skills, in the `jobs` schema. */
export const bootstrap = serviceBootstrap({
  service: 'jobs',
  loadConfig,
  configToken: JOBS_CONFIG,
  database: JOBS_DATABASE,
  modules: () => [JobDescriptionsModule, PredefinedRolesModule],
});

if (require.main === module) {
  runServiceProcess('jobs', bootstrap);
}
