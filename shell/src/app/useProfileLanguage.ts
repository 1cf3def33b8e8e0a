import type { User } from '@masar/contracts';
import { changeLanguage, currentLanguage, readStoredLanguage } from '@masar/shell/runtime';
import { useEffect } from 'react';

/**
 * On a browser where nobody chose a language yet, a signed-in person's saved preference
 * applies. A choice made on this browser always wins.
 */
export function useProfileLanguage(user: User | null | undefined): void {
  const preferred = user?.preferredLanguage;
  useEffect(() => {
    if (preferred && readStoredLanguage() === null && preferred !== currentLanguage()) {
      void changeLanguage(preferred);
    }
  }, [preferred]);
}
