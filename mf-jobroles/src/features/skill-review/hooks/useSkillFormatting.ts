import type { ExtractedSkill } from '@masar/contracts';
import { useLanguage } from '@masar/shell/runtime';
import { useMemo } from 'react';

export interface SkillFormatting {
  /** The taxonomy's Arabic label in Arabic when there is one, the canonical name otherwise. */
  nameOf: (skill: ExtractedSkill) => string;
  /** 0.85 -> "85%" (or "٨٥٪" in Arabic). */
  percent: (value: number) => string;
}

export function useSkillFormatting(): SkillFormatting {
  const { language } = useLanguage();
  return useMemo(() => {
    const percentFormat = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
    return {
      nameOf: (skill) => (language === 'ar' && skill.nameAr ? skill.nameAr : skill.name),
      percent: (value) => percentFormat.format(value),
    };
  }, [language]);
}
