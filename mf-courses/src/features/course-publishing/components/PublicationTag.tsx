import type { CourseStatus } from '@masar/contracts';
import { useCurrentUser } from '@masar/shell/runtime';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** "Draft" or "Published", for admins (learners only ever see published courses, so the tag would say nothing to them). */
export function PublicationTag({ status }: { status?: CourseStatus }) {
  const { t } = useTranslation('courses');
  const { isAdmin } = useCurrentUser();
  if (!isAdmin || !status) return null;
  return (
    <Tag color={status === 'draft' ? 'orange' : 'green'} data-testid="course-publication-status" data-status={status}>
      {t(`publishing.status.${status}`)}
    </Tag>
  );
}
