import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { BudgetsTab } from './BudgetsTab';
import { FeaturesTab } from './FeaturesTab';
import { NoticeTab } from './NoticeTab';
import { UsageLogTab } from './UsageLogTab';

const TABS = ['usage', 'features', 'budgets', 'notice'] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

/**
 * `/ai-agents/governance` (admins; the shell guards the route and the gateway checks again): what HR
 * and IT ask before they switch AI on. The open tab is in `?tab=`, so a link can point at one.
 */
export function GovernancePage() {
  const { t } = useTranslation('governance');
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'usage';
  const panels: Record<Tab, React.ReactNode> = {
    usage: <UsageLogTab />,
    features: <FeaturesTab />,
    budgets: <BudgetsTab />,
    notice: <NoticeTab />,
  };

  return (
    <Flex vertical gap="middle" style={{ maxWidth: 1400, marginInline: 'auto' }} data-testid="governance-page">
      <Flex justify="space-between" align="start" gap="middle" wrap>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('page.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('page.subtitle')}</Typography.Text>
        </div>
        <Button icon={<ArrowLeftOutlined className="masar-flip-rtl" />} onClick={() => navigate('/ai-agents')}>
          {t('page.backToAgents')}
        </Button>
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearchParams({ tab: key }, { replace: true })}
        // Only the open tab asks the gateway.
        destroyOnHidden
        items={TABS.map((key) => ({ key, label: <span data-testid={`governance-tab-${key}`}>{t(`tabs.${key}`)}</span>, children: panels[key] }))}
      />
    </Flex>
  );
}
