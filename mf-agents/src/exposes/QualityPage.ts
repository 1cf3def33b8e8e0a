// One page per exposed module, so loading it does not pull the remote's other pages (and their
// libraries) into the same chunk; the translations are registered first (idempotent).
import { registerAllAgentsTranslations } from '../i18n/all-translations';

registerAllAgentsTranslations();

export { QualityPage as default } from '../features/quality/components/QualityPage';
