import { AI_PROVIDERS, type AiFeatureSettings, type AiProvider } from '@masar/contracts';
import { readableErrorMessage, showToast, useLanguage } from '@masar/shell/runtime';
import { Alert, Button, Card, Col, Flex, Input, Row, Select, Skeleton, Switch, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListAiFeaturesQuery, useUpdateAiFeatureMutation } from '../governance.api';
import { formatDateTime } from '../governance-format';

interface FeatureRowProps {
  settings: AiFeatureSettings;
  openaiConfigured: boolean;
  defaultModel: string;
}

/** One AI feature's switch, provider and model, saved on their own. */
function FeatureRow({ settings, openaiConfigured, defaultModel }: FeatureRowProps) {
  const { token } = theme.useToken();
  const { t } = useTranslation('governance');
  const { language } = useLanguage();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [provider, setProvider] = useState<AiProvider>(settings.provider);
  const [model, setModel] = useState(settings.model ?? '');
  const [update, state] = useUpdateAiFeatureMutation();
  const name = t(`common:aiFeatures.${settings.feature}`);
  const changed = enabled !== settings.enabled || provider !== settings.provider || model.trim() !== (settings.model ?? '');

  const save = async () => {
    const result = await update({ feature: settings.feature, enabled, provider, model: model.trim() === '' ? null : model.trim() });
    if ('error' in result) {
      showToast({ kind: 'error', title: t('featureSettings.saveFailed'), description: readableErrorMessage(result.error) });
      return;
    }
    showToast({
      kind: 'success',
      title: t('featureSettings.saved', { feature: name }),
      description: result.data.enabled
        ? t('featureSettings.savedOn', { feature: name, model: result.data.effectiveModel })
        : t('featureSettings.savedOff', { feature: name }),
    });
  };

  return (
    <Card size="small" data-testid={`feature-${settings.feature}`}>
      <Row gutter={[16, 12]} align="middle">
        <Col xs={24} lg={7}>
          <Flex align="center" gap="small">
            <Switch
              checked={enabled}
              onChange={setEnabled}
              aria-label={t('featureSettings.enabledLabel', { feature: name })}
              checkedChildren={t('featureSettings.enabled')}
              unCheckedChildren={t('featureSettings.off')}
              data-testid={`feature-${settings.feature}-enabled`}
            />
            <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5, margin: 0 }}>
              {name}
            </Typography.Title>
          </Flex>
          <Typography.Text type="secondary">{t(`featureHelp.${settings.feature}`)}</Typography.Text>
        </Col>
        <Col xs={24} md={12} lg={5}>
          <Typography.Text type="secondary">{t('featureSettings.provider')}</Typography.Text>
          <Select<AiProvider>
            aria-label={t('featureSettings.provider')}
            value={provider}
            onChange={setProvider}
            options={AI_PROVIDERS.map((value) => ({
              value,
              disabled: value === 'openai' && !openaiConfigured,
              label: value === 'openai' && !openaiConfigured ? `${t('providers.openai')} — ${t('featureSettings.openaiDisabledReason')}` : t(`providers.${value}`),
            }))}
            style={{ width: '100%' }}
            data-testid={`feature-${settings.feature}-provider`}
          />
        </Col>
        <Col xs={24} md={12} lg={6}>
          <Typography.Text type="secondary">{t('featureSettings.model')}</Typography.Text>
          <Input
            aria-label={t('featureSettings.model')}
            value={model}
            placeholder={defaultModel}
            disabled={provider === 'offline'}
            onChange={(event) => setModel(event.target.value)}
            data-testid={`feature-${settings.feature}-model`}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {provider === 'offline' ? t('featureSettings.modelOffline') : t('featureSettings.modelHelp', { model: defaultModel })}
          </Typography.Text>
        </Col>
        <Col xs={24} lg={6}>
          <Flex vertical align="end" gap={4}>
            <Typography.Text data-testid={`feature-${settings.feature}-effective`}>
              {t('featureSettings.effectiveModel', { model: settings.effectiveModel })}
            </Typography.Text>
            {settings.updatedAt && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('featureSettings.lastChanged', { date: formatDateTime(settings.updatedAt, language) })}
              </Typography.Text>
            )}
            <Button type="primary" disabled={!changed} loading={state.isLoading} onClick={() => void save()} data-testid={`feature-${settings.feature}-save`}>
              {t('featureSettings.save')}
            </Button>
          </Flex>
        </Col>
      </Row>
    </Card>
  );
}

/** Each AI feature on or off, with its provider and model. */
export function FeaturesTab() {
  const { t } = useTranslation('governance');
  const features = useListAiFeaturesQuery();
  if (features.isLoading) return <Skeleton active />;
  if (!features.data)
    return <Alert type="error" showIcon title={t('featureSettings.loadFailed')} description={readableErrorMessage(features.error)} />;
  const { items, openaiConfigured, defaultModel } = features.data;
  return (
    <Flex vertical gap="middle" data-testid="governance-features">
      {!openaiConfigured && <Alert type="info" showIcon title={t('featureSettings.openaiNotConfigured')} data-testid="openai-not-configured" />}
      {items.map((settings) => (
        // A saved change starts the row again from what the server now holds.
        <FeatureRow key={`${settings.feature}:${settings.updatedAt ?? ''}`} settings={settings} openaiConfigured={openaiConfigured} defaultModel={defaultModel} />
      ))}
    </Flex>
  );
}
