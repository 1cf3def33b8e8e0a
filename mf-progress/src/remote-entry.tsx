// What mf_progress gives the portal. Importing it registers the remote's translations
// in the shell's i18next instance; the pages then use the shell's store and router.
import { registerProgressTranslations } from './i18n/progress-translations';

void registerProgressTranslations();

export { ProgressPage } from './features/progress/components/ProgressPage';
export { DashboardPage } from './features/dashboard/components/DashboardPage';
export { LearningPathsPage } from './features/learning-paths/components/LearningPathsPage';
export { LearningPathOverview } from './features/learning-paths/components/LearningPathOverview';
