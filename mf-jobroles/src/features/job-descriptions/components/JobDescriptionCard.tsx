import { BookOutlined, CheckCircleOutlined, DeleteOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { JobDescriptionSummary } from '@masar/contracts';
import { showToast, toApiError, useLanguage } from '@masar/shell/runtime';
import { Button, Card, Flex, Popconfirm, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSkillFormatting } from '../../skill-review/hooks/useSkillFormatting';
import { confirmedSkillsOfSaved } from '../../skill-review/skill-draft';
import { previewOf, splitSkills } from '../job-description-preview';
import { useDeleteJobDescriptionMutation } from '../job-descriptions.api';

export interface JobDescriptionCardProps {
  jobDescription: JobDescriptionSummary;
  /** Admins may delete a posting (the gateway refuses everyone else). */
  canDelete: boolean;
  onViewSkills: (jobDescription: JobDescriptionSummary) => void;
}

export function JobDescriptionCard({ jobDescription, canDelete, onViewSkills }: JobDescriptionCardProps) {
  const { token } = theme.useToken();
  const { t } = useTranslation('jobroles');
  const { language } = useLanguage();
  const { nameOf } = useSkillFormatting();
  const [deleteJobDescription, deletion] = useDeleteJobDescriptionMutation();
  const { id, title, content, extractedSkills, createdAt, detectedLanguage } = jobDescription;
  const skills = splitSkills(extractedSkills);
  const confirmed = confirmedSkillsOfSaved(jobDescription);
  const created = new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(createdAt));

  const remove = async () => {
    try {
      await deleteJobDescription(id).unwrap();
      showToast({ kind: 'success', title: t('toasts.deleted.title'), description: t('toasts.deleted.description', { title }) });
    } catch (error) {
      const failure = toApiError(error);
      showToast({ kind: 'error', title: t('toasts.deleteFailed.title'), description: failure?.serverMessage ?? failure?.message });
    }
  };

  return (
    <Card style={{ height: '100%' }} data-testid="job-description-card" data-job-description-id={id}>
      <Flex vertical gap="small" style={{ height: '100%' }}>
        <Flex justify="space-between" align="start" gap="small">
          <div style={{ minWidth: 0 }}>
            <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4, margin: 0 }} dir="auto">
              {title}
            </Typography.Title>
            <Typography.Text type="secondary">{t('card.created', { date: created })}</Typography.Text>
          </div>
          {canDelete && (
            <Popconfirm
              title={t('card.deleteConfirm.title')}
              description={t('card.deleteConfirm.description', { title })}
              okText={t('card.deleteConfirm.ok')}
              cancelText={t('card.deleteConfirm.cancel')}
              okButtonProps={{ danger: true, loading: deletion.isLoading }}
              onConfirm={() => remove()}
            >
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('card.delete', { title })}
                title={t('card.delete', { title })}
                data-testid="delete-job-description"
              />
            </Popconfirm>
          )}
        </Flex>
        {/* The posting keeps its own direction: an Arabic preview reads right to left anywhere. */}
        <Typography.Paragraph
          style={{ margin: 0, textAlign: 'start' }}
          dir={detectedLanguage === 'ar' ? 'rtl' : 'ltr'}
          lang={detectedLanguage}
        >
          {previewOf(content)}
        </Typography.Paragraph>
        <Typography.Text strong>{t('card.skillCount', { total: extractedSkills.length })}</Typography.Text>
        <Flex gap={4} wrap>
          {skills.shown.map((skill) => (
            <Tag key={skill.name}>{nameOf(skill)}</Tag>
          ))}
          {skills.hiddenCount > 0 && <Tag>{t('card.moreSkills', { hidden: skills.hiddenCount })}</Tag>}
        </Flex>
        {confirmed && (
          <Typography.Text type="success" data-testid="job-description-reviewed">
            <CheckCircleOutlined /> {t('card.reviewed', { total: confirmed.length })}
          </Typography.Text>
        )}
        <Flex vertical gap="small" style={{ marginTop: 'auto' }}>
          <Button
            type="primary"
            icon={<ThunderboltOutlined />}
            block
            onClick={() => onViewSkills(jobDescription)}
            data-testid="view-skills"
          >
            {t('card.viewSkills')}
          </Button>
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
