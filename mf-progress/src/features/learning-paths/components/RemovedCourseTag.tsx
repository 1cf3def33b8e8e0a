import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Marks a path course that was deleted from the catalog: it stays in the plan (the learner swaps it),
 * but is no longer something to open. The hint on hover says what to do, except where the caller
 * already shows it as text beside the tag.
 */
export function RemovedCourseTag({ hintOnHover = true }: { hintOnHover?: boolean }) {
  const { t } = useTranslation('learningPaths');
  const tag = (
    <Tag color="warning" data-testid="course-removed">
      {t('courses.removed')}
    </Tag>
  );
  return hintOnHover ? <Tooltip title={t('courses.removedHint')}>{tag}</Tooltip> : tag;
}
