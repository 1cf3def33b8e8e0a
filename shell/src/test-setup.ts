// The shell's namespace is registered by bootstrap.tsx in the browser; tests render
// components without it, so register it once per test file.
import { registerShellTranslations } from './i18n/shell-translations';

registerShellTranslations();
