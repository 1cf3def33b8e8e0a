import { RobotOutlined } from '@ant-design/icons';
import { type AiContentLabel, OFFLINE_MODEL_NAME } from '@masar/contracts';
import { useCurrentUser, useLanguage } from '@masar/shell/runtime';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * "Written by AI · Lesson writing · gpt-4o-mini · 25 Nov 2026" on a course or lesson an AI feature
 * wrote, with the provider in a tooltip. Admins only: learners see nothing (svc-courses leaves the
 * label out of their replies too).
 */
export function AiWrittenLabel({ label, testId }: { label: AiContentLabel | undefined; testId: string }) {
  const { t } = useTranslation('courses');
  const { language } = useLanguage();
  const { isAdmin } = useCurrentUser();
  if (!isAdmin || !label) return null;
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(label.at));
  const model =
    label.model === OFFLINE_MODEL_NAME ? (
      t('aiLabel.builtInModel')
    ) : (
      // A model's name is Latin text: kept left to right inside an Arabic line.
      <bdi lang="en" dir="ltr">
        {label.model}
      </bdi>
    );
  return (
    <Tooltip title={t(`aiLabel.provider.${label.provider}`)}>
      <Tag icon={<RobotOutlined />} color="purple" data-testid={testId} style={{ alignSelf: 'start', whiteSpace: 'normal' }}>
        {t('aiLabel.writtenByAi')} · {t(`aiLabel.features.${label.feature}`)} · {model} · {date}
      </Tag>
    </Tooltip>
  );
}
