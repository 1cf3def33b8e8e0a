import { CheckCircleTwoTone, DownloadOutlined, ExclamationCircleTwoTone } from '@ant-design/icons';
import type { ExerciseSubmission } from '@masar/contracts';
import { Alert, Card, Flex, List, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackReasonText } from '../practice-messages';

const MEGABYTE = 1024 * 1024;

/** Who reads a submission: its learner ("your work") or an admin reviewing it ("the learner's work"). */
export type SubmissionReader = 'learner' | 'reviewer';

/** A submission: the work, the ticked items, the files to download and the feedback. */
export function ExerciseSubmissionView({
  submission,
  lang,
  reader = 'learner',
  title,
}: {
  submission: ExerciseSubmission;
  lang: string;
  reader?: SubmissionReader;
  /** The card's heading; the learner's own view says "Your latest submission". */
  title?: ReactNode;
}) {
  const { t, i18n } = useTranslation('courses');
  const { token } = theme.useToken();
  const submittedAt = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(submission.submittedAt));
  const sizeOf = (bytes: number) =>
    bytes >= MEGABYTE ? t('practice.exercise.megabytes', { size: (bytes / MEGABYTE).toFixed(1) }) : t('practice.exercise.kilobytes', { size: Math.max(1, Math.round(bytes / 1024)) });
  const { feedback } = submission;
  const words = reader === 'learner' ? 'practice.exercise' : 'practice.review';

  return (
    <Card data-testid="exercise-submission" title={title ?? t('practice.exercise.latestSubmission')} extra={<Typography.Text type="secondary">{submittedAt}</Typography.Text>}>
      <Flex vertical gap="middle">
        {submission.work !== '' && (
          // A plain block: antd's RTL typography forces `direction: rtl`, which would garble English work on an Arabic screen.
          <div style={{ whiteSpace: 'pre-wrap' }} dir="auto" lang={lang} data-testid="exercise-submission-work">
            {submission.work}
          </div>
        )}
        {submission.checkedItems.length > 0 && (
          <Flex vertical gap={4}>
            <Typography.Text strong>{t(`${words}.ticked`)}</Typography.Text>
            <ul style={{ margin: 0 }} data-testid="exercise-submission-ticked">
              {submission.checkedItems.map((item) => (
                <li key={item} dir="auto" lang={lang}>
                  {item}
                </li>
              ))}
            </ul>
          </Flex>
        )}
        {submission.attachments.length > 0 && (
          <List
            size="small"
            header={<Typography.Text strong>{t('practice.exercise.attachments')}</Typography.Text>}
            dataSource={submission.attachments}
            data-testid="exercise-submission-files"
            renderItem={(attachment) => (
              <List.Item>
                <a href={attachment.downloadUrl} download={attachment.name} data-testid="exercise-attachment-link">
                  <DownloadOutlined /> <bdi>{attachment.name}</bdi>
                </a>
                <Typography.Text type="secondary">{sizeOf(attachment.size)}</Typography.Text>
              </List.Item>
            )}
          />
        )}
        <Flex vertical gap="small" data-testid="exercise-feedback" data-status={feedback.status}>
          <Typography.Text strong>{t('practice.exercise.feedbackTitle')}</Typography.Text>
          {feedback.status === 'off' && <Alert type="info" showIcon title={t('practice.exercise.feedbackOff')} />}
          {feedback.status === 'unavailable' && (
            <Alert
              type="warning"
              showIcon
              title={t('practice.exercise.feedbackUnavailable')}
              description={feedbackReasonText(feedback, t)}
            />
          )}
          {feedback.status === 'given' && (
            <>
              {/* The offline check says what it is in its own text; a model's feedback is labelled here. */}
              {feedback.provider === 'openai' && <Typography.Text type="secondary">{t('practice.exercise.feedbackByModel', { model: feedback.model })}</Typography.Text>}
              <div style={{ whiteSpace: 'pre-wrap', color: token.colorTextSecondary }} dir="auto" lang={feedback.language} data-testid="exercise-feedback-text">
                {feedback.text}
              </div>
              {feedback.covered.length > 0 && (
                <Flex vertical gap={4} data-testid="exercise-feedback-covered">
                  <Typography.Text>{t(`${words}.covered`)}</Typography.Text>
                  {feedback.covered.map((item) => (
                    <Typography.Text key={item}>
                      <CheckCircleTwoTone twoToneColor="#52c41a" />{' '}
                      <span dir="auto" lang={lang}>
                        {item}
                      </span>
                    </Typography.Text>
                  ))}
                </Flex>
              )}
              {feedback.missing.length > 0 && (
                <Flex vertical gap={4} data-testid="exercise-feedback-missing">
                  <Typography.Text>{t(`${words}.missing`)}</Typography.Text>
                  {feedback.missing.map((item) => (
                    <Typography.Text key={item}>
                      <ExclamationCircleTwoTone twoToneColor="#faad14" />{' '}
                      <span dir="auto" lang={lang}>
                        {item}
                      </span>
                    </Typography.Text>
                  ))}
                </Flex>
              )}
            </>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
