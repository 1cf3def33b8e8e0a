// One page per exposed module, so loading it does not pull the remote's other pages (and their
// libraries) into the same chunk; the translations are registered first (idempotent).
import { registerProgressTranslations } from '../i18n/progress-translations';

registerProgressTranslations();

export { LearningPathOverview as default } from '../features/learning-paths/components/LearningPathOverview';
