// The remote registers its namespace when the shell loads it; tests render its
// components directly, so register it once per test file.
import { registerJobRolesTranslations } from './i18n/jobroles-translations';

registerJobRolesTranslations();
