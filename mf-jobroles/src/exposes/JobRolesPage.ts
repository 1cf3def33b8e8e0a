// One page per exposed module, so loading it does not pull the remote's other pages (and their
// libraries) into the same chunk; the translations are registered first (idempotent).
import { registerJobRolesTranslations } from '../i18n/jobroles-translations';

registerJobRolesTranslations();

export { JobRolesPage as default } from '../features/job-descriptions/components/JobRolesPage';
