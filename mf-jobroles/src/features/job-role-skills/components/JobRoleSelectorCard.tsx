import { ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { JOB_ROLE_LABEL_KEYS, PREDEFINED_JOB_ROLES, type PredefinedJobRole } from '../predefined-job-roles';

export interface JobRoleSelectorCardProps {
  role: PredefinedJobRole | undefined;
  generating: boolean;
  onRoleChange: (role: PredefinedJobRole) => void;
  onGenerate: () => void;
}

/** Pick one of the 15 predefined roles, then Generate (spec sections 2 and 4). */
export function JobRoleSelectorCard({ role, generating, onRoleChange, onGenerate }: JobRoleSelectorCardProps) {
  const { t } = useTranslation('jobroles');
  return (
    <Card title={t('workflow.roleCard.title')} data-testid="job-role-selector">
      <Typography.Paragraph type="secondary">{t('workflow.roleCard.description')}</Typography.Paragraph>
      <Flex gap="small" wrap>
        <Select<PredefinedJobRole>
          aria-label={t('workflow.roleCard.label')}
          placeholder={t('workflow.roleCard.placeholder')}
          value={role}
          onChange={onRoleChange}
          disabled={generating}
          options={PREDEFINED_JOB_ROLES.map((value) => ({ value, label: t(JOB_ROLE_LABEL_KEYS[value]) }))}
          showSearch={{ optionFilterProp: 'label' }}
          // Fifteen options: every one in the DOM, so type-ahead and screen readers see them all.
          virtual={false}
          style={{ flex: 1, minWidth: 220 }}
          data-testid="job-role-select"
        />
        <Button type="primary" icon={<ThunderboltOutlined />} loading={generating} onClick={onGenerate} data-testid="generate-button">
          {generating ? t('workflow.roleCard.generating') : t('workflow.roleCard.generate')}
        </Button>
      </Flex>
      {generating && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }} data-testid="generating-skills">
          {t('workflow.roleCard.generatingHint', { role: role ? t(JOB_ROLE_LABEL_KEYS[role]) : '' })}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
