import { SoundOutlined } from '@ant-design/icons';
import { showToast, toApiError } from '@masar/shell/runtime';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStartCourseNarrationMutation } from '../narration.api';

/**
 * The course detail's action to narrate every lesson (admins). The server narrates them as an agent
 * task with its progress on the AI Agents page; each lesson's play button then finds its stored audio.
 * Spec 001 section 8: a failure reads "Error, Failed to generate audio for lessons".
 */
export function NarrateCourseButton({ courseId }: { courseId: string }) {
  const { t } = useTranslation('courses');
  const [start, { isLoading }] = useStartCourseNarrationMutation();

  const narrate = async () => {
    try {
      const { totalLessons } = await start({ courseId }).unwrap();
      showToast({
        kind: 'success',
        title: t('narration.courseNarrationStartedTitle'),
        description: t('narration.courseNarrationStartedDescription', { count: totalLessons }),
      });
    } catch (error) {
      const failure = toApiError(error);
      const reason = failure?.serverMessage;
      showToast({
        kind: 'error',
        title: t('narration.courseNarrationFailedTitle'),
        description: reason ? t('narration.courseNarrationFailedWithReason', { reason }) : t('narration.courseNarrationFailedDescription'),
      });
    }
  };

  return (
    <Button icon={<SoundOutlined />} loading={isLoading} onClick={() => void narrate()} data-testid="narrate-course">
      {t('narration.narrateCourse')}
    </Button>
  );
}
