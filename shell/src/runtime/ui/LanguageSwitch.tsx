import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateProfileMutation } from '../../features/auth/auth.api';
import { LANGUAGE_NAMES, type Language } from '../i18n/i18n';
import { useLanguage } from '../i18n/useLanguage';
import { useCurrentUser } from '../session/useCurrentUser';

const LANGUAGE_OPTIONS: { label: string; value: Language }[] = [
  { label: LANGUAGE_NAMES.en, value: 'en' },
  { label: LANGUAGE_NAMES.ar, value: 'ar' },
];

/** English / العربية. A signed-in person's choice is also saved to their profile. */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const { language, changeLanguage } = useLanguage();
  const { user } = useCurrentUser();
  const [updateProfile] = useUpdateProfileMutation();

  const switchTo = async (next: Language) => {
    await changeLanguage(next);
    if (user && user.preferredLanguage !== next) {
      // The local choice already applies; the profile copy is a convenience.
      updateProfile({ preferredLanguage: next })
        .unwrap()
        .catch((error: unknown) => console.error('Saving the preferred language failed', error));
    }
  };

  return (
    <Segmented<Language>
      size="small"
      aria-label={t('language.label')}
      data-testid="language-switch"
      options={LANGUAGE_OPTIONS}
      value={language}
      onChange={(next) => void switchTo(next)}
    />
  );
}
