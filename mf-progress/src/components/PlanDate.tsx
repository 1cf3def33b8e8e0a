import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocaleFormatting } from './useLocaleFormatting';

export interface PlanDateProps {
  /** A calendar day (`2026-03-20`) or a timestamp. */
  iso: string;
}

/**
 * A date of a learning plan. Arabic shows the Hijri (Umm al-Qura) day with the Gregorian one; English
 * shows the Gregorian day and gives the Hijri one in a tooltip that the mouse or the keyboard (Tab) opens.
 */
export function PlanDate({ iso }: PlanDateProps) {
  const { t } = useTranslation('learningPaths');
  const { language, formatPlanDate, hijriDate } = useLocaleFormatting();
  const dateTime = iso.slice(0, 10);
  if (language === 'ar') {
    return (
      <time dateTime={dateTime} data-testid="plan-date">
        {formatPlanDate(iso)}
      </time>
    );
  }
  return (
    <Tooltip title={t('dates.hijri', { date: hijriDate(iso) })} trigger={['hover', 'focus']}>
      <time dateTime={dateTime} tabIndex={0} data-testid="plan-date" style={{ textDecoration: 'underline dotted', cursor: 'help' }}>
        {formatPlanDate(iso)}
      </time>
    </Tooltip>
  );
}
