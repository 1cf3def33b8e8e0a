import { CheckOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLessonProgress } from '../hooks/useLessonProgress';

/**
 * Mark as Complete, or Completed once it is. Rendered for the open lesson only, so mounting it (or
 * moving it to another lesson) is what records that the lesson was opened.
 */
export function LessonCompletion({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const { t } = useTranslation('courses');
  const { isCompleted, isChecking, isMarking, markComplete } = useLessonProgress(courseId, lessonId);

  return (
    <Flex justify="center" data-testid="lesson-completion">
      {isCompleted ? (
        <Button icon={<CheckOutlined />} disabled data-testid="lesson-completed-button">
          {t('progress.completed')}
        </Button>
      ) : (
        <Button
          type="primary"
          icon={<CheckOutlined />}
          loading={isMarking}
          disabled={isChecking}
          onClick={() => void markComplete()}
          data-testid="mark-lesson-complete"
        >
          {t('progress.markComplete')}
        </Button>
      )}
    </Flex>
  );
}
