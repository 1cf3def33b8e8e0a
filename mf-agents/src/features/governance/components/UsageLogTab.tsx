import { DownloadOutlined } from '@ant-design/icons';
import {
  AI_CALL_OUTCOMES,
  AI_FEATURES,
  AI_PROVIDERS,
  type AiCall,
  type AiCallFilters,
  type AiCallOutcome,
  type AiFeature,
  type AiProvider,
} from '@masar/contracts';
import { readableErrorMessage, useLanguage } from '@masar/shell/runtime';
import { Alert, Button, Card, Col, Empty, Flex, Input, Row, Select, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AI_CALLS_PAGE_SIZE, useListAiCallsQuery } from '../governance.api';
import { formatCount, formatDateTime, personLabel } from '../governance-format';
import { useCallsExport } from '../hooks/useCallsExport';
import { PersonSelect } from './PersonSelect';

type Filters = Partial<AiCallFilters>;

const OUTCOME_COLORS: Record<AiCallOutcome, string> = { succeeded: 'green', failed: 'red', refused: 'orange' };

/** The call log: filters, the page of calls with the totals of everything the filters match, and the CSV. */
export function UsageLogTab() {
  const { t } = useTranslation('governance');
  const { language } = useLanguage();
  const [filters, setFilters] = useState<Filters>({});
  const [model, setModel] = useState('');
  const [page, setPage] = useState(1);
  const datesReversed = Boolean(filters.from && filters.to && filters.from > filters.to);
  const calls = useListAiCallsQuery({ ...filters, page }, { skip: datesReversed });
  const { exportCsv, isExporting } = useCallsExport();
  const filtered = Object.values(filters).some((value) => value !== undefined && value !== '');

  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((current) => ({ ...current, [key]: value === '' ? undefined : value }));
    setPage(1);
  };

  const count = (value: number) => formatCount(value, language);
  const columns: ColumnsType<AiCall> = [
    { key: 'at', title: t('usage.columns.time'), render: (_, call) => formatDateTime(call.at, language) },
    {
      key: 'person',
      title: t('usage.columns.person'),
      render: (_, call) => {
        const name = personLabel(call);
        if (name === null) return <Typography.Text type="secondary">{t('usage.system')}</Typography.Text>;
        return (
          <Flex vertical>
            <Typography.Text dir="auto">{name}</Typography.Text>
            {call.userRole && <Typography.Text type="secondary">{t(`roles.${call.userRole}`)}</Typography.Text>}
          </Flex>
        );
      },
    },
    { key: 'feature', title: t('usage.columns.feature'), render: (_, call) => t(`common:aiFeatures.${call.feature}`) },
    { key: 'provider', title: t('usage.columns.provider'), render: (_, call) => t(`providers.${call.provider}`) },
    { key: 'model', title: t('usage.columns.model'), render: (_, call) => <Typography.Text code>{call.model}</Typography.Text> },
    {
      key: 'prompt',
      title: t('usage.columns.prompt'),
      render: (_, call) =>
        call.promptTemplate ? t('usage.promptVersion', { name: call.promptTemplate, version: call.promptVersion ?? '?' }) : t('usage.noPrompt'),
    },
    { key: 'tokens', title: t('usage.columns.tokens'), render: (_, call) => `${count(call.inputTokens)} / ${count(call.outputTokens)}` },
    { key: 'characters', title: t('usage.columns.characters'), render: (_, call) => `${count(call.inputCharacters)} / ${count(call.outputCharacters)}` },
    { key: 'latency', title: t('usage.columns.latency'), render: (_, call) => t('usage.latencyMs', { ms: count(call.latencyMs) }) },
    {
      key: 'outcome',
      title: t('usage.columns.outcome'),
      render: (_, call) => {
        const tag = (
          <Tag color={OUTCOME_COLORS[call.outcome]} data-testid="ai-call-outcome">
            {t(`outcomes.${call.outcome}`)}
          </Tag>
        );
        if (call.outcome === 'succeeded' || !call.error) return tag;
        const why = t('usage.errorTooltip', { status: call.statusCode ?? '—', message: call.error });
        // The tooltip shows on hover and focus; the label reads the reason to a screen reader.
        return (
          <Tooltip title={why}>
            <span tabIndex={0} aria-label={t('usage.errorLabel', { message: why })} data-testid="ai-call-error">
              {tag}
            </span>
          </Tooltip>
        );
      },
    },
  ];

  const totals = calls.data?.totals;
  return (
    <Flex vertical gap="middle" data-testid="governance-usage">
      <Card size="small" title={t('usage.filters')}>
        <Row gutter={[12, 12]}>
          <Col xs={12} md={6} lg={4}>
            <label>
              <Typography.Text type="secondary">{t('usage.from')}</Typography.Text>
              <Input type="date" value={filters.from ?? ''} onChange={(event) => setFilter('from', event.target.value)} data-testid="usage-from" />
            </label>
          </Col>
          <Col xs={12} md={6} lg={4}>
            <label>
              <Typography.Text type="secondary">{t('usage.to')}</Typography.Text>
              <Input
                type="date"
                value={filters.to ?? ''}
                status={datesReversed ? 'error' : undefined}
                onChange={(event) => setFilter('to', event.target.value)}
                data-testid="usage-to"
              />
            </label>
          </Col>
          <Col xs={12} md={6} lg={4}>
            <Typography.Text type="secondary">{t('usage.feature')}</Typography.Text>
            <Select<AiFeature | ''>
              aria-label={t('usage.feature')}
              value={filters.feature ?? ''}
              onChange={(value) => setFilter('feature', value || undefined)}
              options={[{ value: '', label: t('usage.any') }, ...AI_FEATURES.map((value) => ({ value, label: t(`common:aiFeatures.${value}`) }))]}
              style={{ width: '100%' }}
              data-testid="usage-feature"
            />
          </Col>
          <Col xs={12} md={6} lg={4}>
            <Typography.Text type="secondary">{t('usage.provider')}</Typography.Text>
            <Select<AiProvider | ''>
              aria-label={t('usage.provider')}
              value={filters.provider ?? ''}
              onChange={(value) => setFilter('provider', value || undefined)}
              options={[{ value: '', label: t('usage.any') }, ...AI_PROVIDERS.map((value) => ({ value, label: t(`providers.${value}`) }))]}
              style={{ width: '100%' }}
              data-testid="usage-provider"
            />
          </Col>
          <Col xs={12} md={6} lg={4}>
            <Typography.Text type="secondary">{t('usage.outcome')}</Typography.Text>
            <Select<AiCallOutcome | ''>
              aria-label={t('usage.outcome')}
              value={filters.outcome ?? ''}
              onChange={(value) => setFilter('outcome', value || undefined)}
              options={[{ value: '', label: t('usage.any') }, ...AI_CALL_OUTCOMES.map((value) => ({ value, label: t(`outcomes.${value}`) }))]}
              style={{ width: '100%' }}
              data-testid="usage-outcome"
            />
          </Col>
          <Col xs={12} md={6} lg={4}>
            <Typography.Text type="secondary">{t('usage.model')}</Typography.Text>
            <Input.Search
              aria-label={t('usage.model')}
              placeholder={t('usage.modelPlaceholder')}
              value={model}
              allowClear
              onChange={(event) => {
                setModel(event.target.value);
                if (event.target.value === '') setFilter('model', undefined);
              }}
              onSearch={(value) => setFilter('model', value.trim() || undefined)}
              data-testid="usage-model"
            />
          </Col>
          <Col xs={24} md={12} lg={8}>
            <Typography.Text type="secondary">{t('usage.person')}</Typography.Text>
            <PersonSelect
              value={filters.userId}
              onChange={(userId) => setFilter('userId', userId)}
              ariaLabel={t('usage.person')}
              testId="usage-person"
              style={{ width: '100%' }}
            />
          </Col>
          <Col xs={24} md={12} lg={16}>
            <Flex gap="small" justify="end" align="end" style={{ height: '100%' }} wrap>
              <Button
                onClick={() => {
                  setFilters({});
                  setModel('');
                  setPage(1);
                }}
                disabled={!filtered}
                data-testid="usage-clear"
              >
                {t('usage.clearFilters')}
              </Button>
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                loading={isExporting}
                disabled={datesReversed}
                onClick={() => void exportCsv(filters)}
                data-testid="usage-export"
              >
                {t('usage.export')}
              </Button>
            </Flex>
          </Col>
        </Row>
        {datesReversed && <Alert type="error" showIcon title={t('usage.datesReversed')} style={{ marginTop: 12 }} data-testid="usage-dates-reversed" />}
      </Card>
      {calls.isError && <Alert type="error" showIcon title={t('usage.loadFailed')} description={readableErrorMessage(calls.error)} />}
      {totals && !datesReversed && (
        <Typography.Text strong data-testid="usage-totals">
          {t('usage.totals', {
            calls: count(totals.calls),
            inputTokens: count(totals.inputTokens),
            outputTokens: count(totals.outputTokens),
            failed: count(totals.failed),
            refused: count(totals.refused),
          })}
        </Typography.Text>
      )}
      <Table<AiCall>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={datesReversed ? [] : (calls.data?.items ?? [])}
        loading={calls.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t(filtered ? 'usage.empty' : 'usage.emptyAtAll')} data-testid="usage-empty" /> }}
        pagination={{
          current: page,
          pageSize: AI_CALLS_PAGE_SIZE,
          total: calls.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        onRow={() => ({ 'data-testid': 'ai-call-row' }) as React.HTMLAttributes<HTMLElement>}
        data-testid="usage-table"
      />
    </Flex>
  );
}
