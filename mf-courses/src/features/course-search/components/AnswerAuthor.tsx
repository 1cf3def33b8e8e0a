import type { AiProvider } from '@masar/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** "Written by: Built-in (offline)" or the model's name, for the AI answer and the helpers' answers. */
export function AnswerAuthor({ source, testId }: { source: { provider: AiProvider; model: string }; testId: string }) {
  const { t } = useTranslation('courses');
  return (
    <Typography.Text type="secondary" data-testid={testId}>
      {t('search.answer.writtenBy')}{' '}
      {source.provider === 'offline' ? (
        t('search.answer.offline')
      ) : (
        // A model's name is Latin text: kept left to right inside an Arabic line.
        <bdi lang="en" dir="ltr">
          {source.model}
        </bdi>
      )}
    </Typography.Text>
  );
}
