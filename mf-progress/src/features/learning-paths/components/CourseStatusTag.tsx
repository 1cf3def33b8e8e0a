import type { PathCourseStatus } from '@masar/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<PathCourseStatus, string> = { completed: 'success', 'in-progress': 'processing', pending: 'default' };

/** Completed, In Progress or Pending, as the learner's progress records it. */
export function CourseStatusTag({ status }: { status: PathCourseStatus }) {
  const { t } = useTranslation('learningPaths');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="course-status">
      {t(`statuses.${status}`)}
    </Tag>
  );
}
