import { CheckCircleFilled } from '@ant-design/icons';
import type { LessonType } from '@masar/contracts';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LessonTypeIcon } from '../../lessons/lesson-types';

/** Spec: "Each lesson row shows a completed check or a type icon". */
export function LessonProgressIcon({ type, completed }: { type: LessonType; completed: boolean }) {
  const { t } = useTranslation('courses');
  const { token } = theme.useToken();
  if (!completed) return <LessonTypeIcon type={type} />;
  return (
    <span role="img" aria-label={t('progress.lessonCompleted')} data-testid="lesson-completed">
      <CheckCircleFilled aria-hidden style={{ color: token.colorSuccess }} />
    </span>
  );
}
