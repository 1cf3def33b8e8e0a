import { ThunderboltOutlined } from '@ant-design/icons';
import { showToast } from '@masar/shell/runtime';
import { Button, Card, Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PREDEFINED_JOB_ROLES, type PredefinedJobRole } from '../job-roles';

/**
 * Pick a predefined role, then Generate. Skill generation arrives with the job
 * descriptions feature; until then Generate opens the job descriptions list.
 */
export function JobRoleSelectorCard() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [role, setRole] = useState<PredefinedJobRole | undefined>(undefined);

  const generate = () => {
    if (!role) {
      showToast({ kind: 'warning', title: t('toasts.noJobRole.title'), description: t('toasts.noJobRole.description') });
      return;
    }
    navigate('/job-roles');
  };

  return (
    <Card title={t('home.roleCard.title')} data-testid="job-role-selector">
      <Typography.Paragraph type="secondary">{t('home.roleCard.description')}</Typography.Paragraph>
      <Flex gap="small" wrap>
        <Select<PredefinedJobRole>
          aria-label={t('home.roleCard.label')}
          placeholder={t('home.roleCard.placeholder')}
          value={role}
          onChange={setRole}
          options={PREDEFINED_JOB_ROLES.map((key) => ({ value: key, label: t(`jobRoles.${key}`) }))}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ flex: 1, minWidth: 220 }}
          data-testid="job-role-select"
        />
        <Button type="primary" icon={<ThunderboltOutlined />} onClick={generate} data-testid="generate-button">
          {t('home.roleCard.generate')}
        </Button>
      </Flex>
    </Card>
  );
}
