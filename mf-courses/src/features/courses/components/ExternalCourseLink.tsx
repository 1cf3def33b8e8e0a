import { ExportOutlined } from '@ant-design/icons';
import type { CourseSummary } from '@masar/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** Opens an external course at its provider, in a new tab that cannot reach back into Masar. */
export function ExternalCourseLink({ course, block = false }: { course: Pick<CourseSummary, 'url' | 'provider' | 'title'>; block?: boolean }) {
  const { t } = useTranslation('courses');
  if (!course.url) return null;
  const provider = course.provider ?? t('card.providerUnknown');
  return (
    <Button
      href={course.url}
      target="_blank"
      rel="noopener noreferrer"
      icon={<ExportOutlined className="masar-flip-rtl" />}
      block={block}
      aria-label={t('card.openExternalLabel', { provider, title: course.title })}
      onClick={(event) => event.stopPropagation()}
      data-testid="external-course-link"
    >
      {t('card.openExternal', { provider })}
    </Button>
  );
}
