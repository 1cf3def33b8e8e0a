// One page per exposed module, so loading it does not pull the remote's other pages (and their
// libraries) into the same chunk; the translations are registered first (idempotent; the shell waits
// for the active language's strings before it shows the module).
import { registerProgressTranslations } from '../i18n/progress-translations';

void registerProgressTranslations();

export { DashboardPage as default } from '../features/dashboard/components/DashboardPage';
