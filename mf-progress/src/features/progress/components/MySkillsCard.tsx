import { EditOutlined } from '@ant-design/icons';
import type { SkillLevel } from '@masar/contracts';
import { toApiError } from '@masar/shell/runtime';
import { Button, Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { useGetLearnerSkillsQuery } from '../progress.api';
import { SelfAssessmentModal } from './SelfAssessmentModal';

const SKILL_LEVEL_COLORS: Record<SkillLevel, string> = {
  none: 'default',
  basic: 'blue',
  working: 'cyan',
  strong: 'geekblue',
  expert: 'purple',
};

/** 'My Skills': the learner's skill profile, and the self-assessment that edits it. */
export function MySkillsCard() {
  const { t } = useTranslation('progress');
  const { data, error, isLoading, refetch } = useGetLearnerSkillsQuery();
  const [assessing, setAssessing] = useState(false);
  const skills = data?.skills ?? [];

  let body;
  if (isLoading) body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (!data) {
    body = <LoadFailedAlert title={t('progress.skills.loadFailed')} failure={toApiError(error)} onRetry={() => void refetch()} />;
  } else if (skills.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('progress.skills.empty')} />;
  else {
    body = (
      <Flex vertical gap="small" component="ul" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {skills.map(({ skill, level, source }) => (
          <li key={skill} data-testid="learner-skill" data-skill={skill}>
            <Flex justify="space-between" align="center" gap="small" wrap>
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text strong dir="auto">
                  {skill}
                </Typography.Text>
                <Typography.Text type="secondary">{t(`progress.skills.source.${source}`)}</Typography.Text>
              </Flex>
              <Tag color={SKILL_LEVEL_COLORS[level]} style={{ marginInlineEnd: 0 }}>
                {t(`levels.${level}`)}
              </Tag>
            </Flex>
          </li>
        ))}
      </Flex>
    );
  }

  return (
    <Card
      title={t('progress.skills.title')}
      data-testid="my-skills"
      extra={
        <Button icon={<EditOutlined />} disabled={!data} onClick={() => setAssessing(true)} data-testid="assess-skills">
          {t('progress.skills.assess')}
        </Button>
      }
    >
      {body}
      <SelfAssessmentModal open={assessing} profile={skills} onClose={() => setAssessing(false)} />
    </Card>
  );
}
