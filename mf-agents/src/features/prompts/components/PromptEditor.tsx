import type { PromptTemplate } from '@masar/contracts';
import { Button, Card, Descriptions, Flex, Form, Input, Space, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePromptEditor } from '../hooks/usePromptEditor';
import { PromptPreview } from './PromptPreview';
import { PromptVersionHistory } from './PromptVersionHistory';

/** The spec's prompt template editor: prompt text, description, temperature and max tokens, a live preview, and the versions. */
export function PromptEditor({ template }: { template: PromptTemplate }) {
  const { token } = theme.useToken();
  const { t, i18n } = useTranslation('prompts');
  const editor = usePromptEditor(template);
  const { draft, problems } = editor;
  const status = (field: keyof typeof problems) => (problems[field] ? 'error' : undefined);
  const updated = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(template.updatedAt));

  return (
    <Flex vertical gap="middle" data-testid="prompt-editor">
      <Card size="small">
        <Flex vertical gap="small">
          <Space wrap>
            <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4, margin: 0 }} data-testid="prompt-editor-name">
              {template.name}
            </Typography.Title>
            <Tag color="blue">{t('template.version', { version: template.version })}</Tag>
          </Space>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              { key: 'category', label: t('template.category'), children: template.category },
              {
                key: 'model',
                label: t('template.model'),
                children: template.model === 'default' ? t('template.modelDefault', { model: template.effectiveModel }) : template.model,
              },
              {
                key: 'parameters',
                label: t('template.parameters'),
                children: template.parameters.length > 0 ? template.parameters.join(', ') : t('template.noParameters'),
              },
            ]}
          />
          <Typography.Text type="secondary">{t('template.updated', { date: updated })}</Typography.Text>
        </Flex>
      </Card>

      <Form layout="vertical" onFinish={() => void editor.save()} requiredMark={false}>
        <Form.Item
          label={t('fields.prompt')}
          validateStatus={status('prompt')}
          help={problems.prompt ?? (template.parameters.length > 0 ? t('hints.prompt', { parameters: template.parameters.join(', ') }) : t('hints.promptNoParameters'))}
        >
          <Input.TextArea
            value={draft.prompt}
            onChange={(event) => editor.change('prompt', event.target.value)}
            rows={14}
            dir="ltr"
            aria-label={t('fields.prompt')}
            data-testid="prompt-text"
          />
        </Form.Item>
        <Form.Item label={t('fields.description')} validateStatus={status('description')} help={problems.description}>
          <Input.TextArea
            value={draft.description}
            onChange={(event) => editor.change('description', event.target.value)}
            rows={2}
            dir="auto"
            aria-label={t('fields.description')}
            data-testid="prompt-description"
          />
        </Form.Item>
        <Flex gap="middle" wrap>
          <Form.Item label={t('fields.temperature')} validateStatus={status('temperature')} help={problems.temperature ?? t('hints.temperature')} style={{ minWidth: 240 }}>
            {/* Free text, as the spec has it: the contracts check it is a number from 0 to 2. */}
            <Input
              value={draft.temperature}
              onChange={(event) => editor.change('temperature', event.target.value)}
              inputMode="decimal"
              dir="ltr"
              aria-label={t('fields.temperature')}
              data-testid="prompt-temperature"
            />
          </Form.Item>
          <Form.Item
            label={t('fields.maxTokens')}
            validateStatus={status('maxTokens')}
            help={problems.maxTokens ?? t('hints.maxTokens', { limit: template.maxTokensLimit, model: template.effectiveModel })}
            style={{ minWidth: 240 }}
          >
            <Input
              value={draft.maxTokens}
              onChange={(event) => editor.change('maxTokens', event.target.value)}
              inputMode="numeric"
              dir="ltr"
              aria-label={t('fields.maxTokens')}
              data-testid="prompt-max-tokens"
            />
          </Form.Item>
        </Flex>
        <Space>
          <Button type="primary" htmlType="submit" disabled={!editor.canSave} loading={editor.isSaving} data-testid="prompt-save">
            {t('actions.save')}
          </Button>
          <Button onClick={editor.discard} disabled={!editor.isDirty || editor.isSaving} data-testid="prompt-discard">
            {t('actions.discard')}
          </Button>
        </Space>
      </Form>

      <PromptPreview prompt={draft.prompt} parameters={template.parameters} samples={editor.samples} onSampleChange={editor.setSample} />
      <PromptVersionHistory template={template} />
    </Flex>
  );
}
