import { BookOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { JobDescriptionSummary } from '@masar/contracts';
import { useLanguage } from '@masar/shell/runtime';
import { Button, Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { previewOf, splitSkills } from '../job-description-preview';

export function JobDescriptionCard({ jobDescription }: { jobDescription: JobDescriptionSummary }) {
  const { t } = useTranslation('jobroles');
  const { language } = useLanguage();
  const { id, title, content, extractedSkills, createdAt } = jobDescription;
  const skills = splitSkills(extractedSkills);
  const created = new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(createdAt));

  return (
    <Card style={{ height: '100%' }} data-testid="job-description-card">
      <Flex vertical gap="small" style={{ height: '100%' }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{t('card.created', { date: created })}</Typography.Text>
        </div>
        <Typography.Paragraph style={{ margin: 0 }}>{previewOf(content)}</Typography.Paragraph>
        <Typography.Text strong>{t('card.skillCount', { count: extractedSkills.length })}</Typography.Text>
        <Flex gap={4} wrap>
          {skills.shown.map((skill) => (
            <Tag key={skill.name}>{skill.name}</Tag>
          ))}
          {skills.hiddenCount > 0 && <Tag>{t('card.moreSkills', { count: skills.hiddenCount })}</Tag>}
        </Flex>
        <Flex vertical gap="small" style={{ marginTop: 'auto' }}>
          <Tooltip title={t('card.viewSkillsNotYet')}>
            <Button type="primary" icon={<ThunderboltOutlined />} disabled block>
              {t('card.viewSkills')}
            </Button>
          </Tooltip>
          <Link to={`/courses?jobId=${encodeURIComponent(id)}`}>
            <Flex gap={6} align="center" justify="center">
              <BookOutlined />
              {t('card.viewCourses')}
            </Flex>
          </Link>
        </Flex>
      </Flex>
    </Card>
  );
}
