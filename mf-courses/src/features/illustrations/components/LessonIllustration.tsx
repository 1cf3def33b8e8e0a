import { DownloadOutlined, PictureOutlined } from '@ant-design/icons';
import { illustrationFileName, type LessonDetail } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { Button, Card, Flex, Image, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lessonImageBodyOf, useGenerateLessonImageMutation } from '../illustrations.api';

/**
 * The lesson view's image helper: a picture of the lesson's key ideas and how they connect, made on
 * request and offered as a download named as the spec says (`<title>_explanation.png`).
 */
export function LessonIllustration({ lesson, courseSkills }: { lesson: LessonDetail; courseSkills: string[] }) {
  const { t } = useTranslation('courses');
  const [generate, generation] = useGenerateLessonImageMutation();
  // Per lesson: moving to another lesson shows its own picture, or none yet.
  const [made, setMade] = useState<{ lessonId: string; imageUrl: string } | null>(null);
  const imageUrl = made?.lessonId === lesson.id ? made.imageUrl : null;

  const illustrate = async () => {
    try {
      const reply = await generate(lessonImageBodyOf(lesson, courseSkills)).unwrap();
      setMade({ lessonId: lesson.id, imageUrl: reply.imageUrl });
    } catch (error) {
      const failure = toApiError(error);
      console.error('Lesson illustration failed', failure ?? error);
      showToast({ kind: 'error', title: t('lesson.illustration.failed'), description: failure?.serverMessage ?? failure?.message });
    }
  };

  return (
    <Card size="small" title={<Flex gap="small"><PictureOutlined />{t('lesson.illustration.title')}</Flex>} data-testid="lesson-illustration">
      <Flex vertical gap="middle">
        {imageUrl ? (
          <>
            <Image src={imageUrl} alt={t('lesson.illustration.alt', { title: lesson.title })} data-testid="lesson-illustration-image" />
            <Button
              icon={<DownloadOutlined />}
              href={imageUrl}
              download={illustrationFileName(lesson.title)}
              style={{ alignSelf: 'start' }}
              data-testid="download-illustration"
            >
              {t('lesson.illustration.download')}
            </Button>
          </>
        ) : (
          <Typography.Text type="secondary">{t('lesson.illustration.hint')}</Typography.Text>
        )}
        {!imageUrl && (
          <Button onClick={illustrate} loading={generation.isLoading} style={{ alignSelf: 'start' }} data-testid="generate-illustration">
            {generation.isLoading ? t('lesson.illustration.generating') : t('lesson.illustration.generate')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}
