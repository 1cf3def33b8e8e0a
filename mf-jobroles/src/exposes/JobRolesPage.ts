// One page per exposed module, so loading it does not pull the remote's other pages (and their
// libraries) into the same chunk; the translations are registered first (idempotent; the shell waits
// for the active language's strings before it shows the module).
import { registerJobRolesTranslations } from '../i18n/jobroles-translations';

void registerJobRolesTranslations();

export { JobRolesPage as default } from '../features/job-descriptions/components/JobRolesPage';
