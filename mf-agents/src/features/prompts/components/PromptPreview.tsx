import { renderPromptPreview } from '@masar/contracts';
import { Card, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface PromptPreviewProps {
  prompt: string;
  parameters: readonly string[];
  samples: Record<string, string>;
  onSampleChange(name: string, value: string): void;
}

/** The prompt as the model would read it with the sample values; a placeholder without one shows as [name] (spec section 9). */
export function PromptPreview({ prompt, parameters, samples, onSampleChange }: PromptPreviewProps) {
  const { t } = useTranslation('prompts');
  return (
    <Card size="small" title={t('preview.title')} data-testid="prompt-preview-card">
      <Flex vertical gap="small">
        <Typography.Text type="secondary">{t('preview.help')}</Typography.Text>
        {parameters.length > 0 && (
          <Flex wrap gap="small" aria-label={t('preview.samples')} role="group">
            {parameters.map((name) => (
              <Input
                key={name}
                prefix={<Typography.Text type="secondary">{name}:</Typography.Text>}
                value={samples[name] ?? ''}
                onChange={(event) => onSampleChange(name, event.target.value)}
                aria-label={t('preview.sampleFor', { name })}
                style={{ width: 260 }}
                dir="auto"
                data-testid={`prompt-sample-${name}`}
              />
            ))}
          </Flex>
        )}
        {/* The prompt is written in English whatever the portal's language: keep its direction. */}
        <pre
          dir="ltr"
          data-testid="prompt-preview"
          style={{ whiteSpace: 'pre-wrap', margin: 0, maxHeight: 360, overflow: 'auto', fontFamily: 'inherit', fontSize: 13 }}
        >
          {renderPromptPreview(prompt, samples)}
        </pre>
      </Flex>
    </Card>
  );
}
