import { CheckCircleOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ExtractedSkill, SkillCategory } from '@masar/contracts';
import { Button, Card, Flex, Space, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSkillFormatting } from '../../skill-review/hooks/useSkillFormatting';

const CATEGORY_COLORS: Record<SkillCategory, string> = {
  technical: 'blue',
  functional: 'green',
  behavioral: 'orange',
  compliance: 'red',
};

export interface SkillsOverviewProps {
  jobTitle: string;
  skills: ExtractedSkill[];
  /** True once the person confirmed the reviewed set; the tags are then that set. */
  confirmed: boolean;
  onReview: () => void;
  onStartOver: () => void;
}

/** 'Skills Overview': the job title, its skill tags and Start Over (spec section 2). */
export function SkillsOverview({ jobTitle, skills, confirmed, onReview, onStartOver }: SkillsOverviewProps) {
  const { token } = theme.useToken();
  const { t } = useTranslation('jobroles');
  const { nameOf } = useSkillFormatting();
  return (
    <Card
      title={t('workflow.overview.title')}
      extra={
        <Button icon={<ReloadOutlined />} onClick={onStartOver} data-testid="start-over">
          {t('workflow.overview.startOver')}
        </Button>
      }
      data-testid="skills-overview"
    >
      <Flex vertical gap="middle">
        <div>
          <Typography.Text type="secondary">{t('workflow.overview.jobRole')}</Typography.Text>
          <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4, margin: 0 }} dir="auto" data-testid="skills-overview-title">
            {jobTitle}
          </Typography.Title>
        </div>
        {confirmed ? (
          <Typography.Text type="success" data-testid="skills-confirmed">
            <CheckCircleOutlined /> {t('workflow.overview.confirmed', { total: skills.length })}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('workflow.overview.reviewPrompt')}</Typography.Text>
        )}
        <Flex gap={6} wrap data-testid="skills-overview-tags">
          {skills.map((skill) => (
            <Tag key={skill.name} color={CATEGORY_COLORS[skill.category]}>
              {nameOf(skill)}
            </Tag>
          ))}
        </Flex>
        <Space>
          <Button type={confirmed ? 'default' : 'primary'} icon={<EditOutlined />} onClick={onReview} data-testid="review-skills-button">
            {t('workflow.overview.review')}
          </Button>
        </Space>
      </Flex>
    </Card>
  );
}
