import { ThunderboltOutlined } from '@ant-design/icons';
import {
  COURSE_FORM_LIMITS,
  COURSE_MATERIAL_EXTENSIONS,
  MAX_COURSE_MATERIAL_FILES,
  aiGenerateCourseBodySchema,
  deriveCourseTitle,
} from '@masar/contracts';
import { Button, Col, Flex, Form, Input, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countLimits, courseFieldErrors, courseLanguageOf, type CourseFormField } from '../course-form';
import type { CreateTabProps } from '../hooks/useCourseCreation';
import { MAX_MATERIAL_MEGABYTES } from '../material-rules';
import { MaterialsPicker } from './MaterialsPicker';

interface AiGenerateValues {
  description: string;
  title: string;
  objective: string;
  numberOfModules: string;
  lessonsPerModule: string;
}

const AI_FIELDS: readonly (keyof AiGenerateValues & CourseFormField)[] = ['description', 'title', 'objective', 'numberOfModules', 'lessonsPerModule'];

const INITIAL_VALUES: AiGenerateValues = {
  description: '',
  title: '',
  objective: '',
  numberOfModules: String(COURSE_FORM_LIMITS.modules.default),
  lessonsPerModule: String(COURSE_FORM_LIMITS.lessonsPerModule.default),
};

/**
 * "AI Generate" (spec 001 section 5): only the description is needed. An empty title is derived
 * from it (shown as it will be), the objective and abbreviation are generated, and the rest take
 * the AI course defaults, all by the contracts' completeAiCourseFields.
 */
export function AiGenerateTab({ onSubmit, busy }: CreateTabProps) {
  const { t } = useTranslation('courses');
  const [form] = Form.useForm<AiGenerateValues>();
  const [materials, setMaterials] = useState<File[]>([]);
  const description: string = Form.useWatch('description', form) ?? '';
  const title: string = Form.useWatch('title', form) ?? '';
  const hasDescription = description.trim().length > 0;
  const derivedTitle = hasDescription ? deriveCourseTitle(description) : undefined;

  const submit = (values: AiGenerateValues) => {
    const parsed = aiGenerateCourseBodySchema.safeParse({ ...values, language: courseLanguageOf(values.title, values.description) });
    if (!parsed.success) {
      form.setFields(courseFieldErrors(parsed.error.issues, AI_FIELDS, t));
      return;
    }
    if (materials.length === 0) onSubmit({ kind: 'create', form: parsed.data });
    else onSubmit({ kind: 'ai-generate-with-files', form: parsed.data, files: materials });
  };

  return (
    <Form form={form} layout="vertical" initialValues={INITIAL_VALUES} onFinish={submit} disabled={busy} data-testid="ai-generate-form">
      <Typography.Paragraph type="secondary">{t('authoring.ai.intro')}</Typography.Paragraph>
      <Form.Item name="description" label={t('authoring.fields.description')} required>
        <Input.TextArea rows={4} dir="auto" placeholder={t('authoring.ai.descriptionPlaceholder')} data-testid="ai-description" />
      </Form.Item>
      <Form.Item
        name="title"
        label={t('authoring.ai.titleLabel')}
        extra={
          derivedTitle && title.trim().length === 0 ? (
            <span data-testid="ai-derived-title">{t('authoring.ai.derivedTitle', { title: derivedTitle })}</span>
          ) : undefined
        }
      >
        <Input dir="auto" placeholder={derivedTitle ?? t('authoring.ai.titlePlaceholder')} data-testid="ai-title" />
      </Form.Item>
      <Form.Item name="objective" label={t('authoring.fields.objective')}>
        <Input.TextArea rows={2} dir="auto" placeholder={t('authoring.ai.objectivePlaceholder')} data-testid="ai-objective" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={12}>
          <Form.Item name="numberOfModules" label={t('authoring.fields.numberOfModules')} extra={t('authoring.countHelp', countLimits('numberOfModules'))}>
            <Input inputMode="numeric" data-testid="ai-modules" />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="lessonsPerModule" label={t('authoring.fields.lessonsPerModule')} extra={t('authoring.countHelp', countLimits('lessonsPerModule'))}>
            <Input inputMode="numeric" data-testid="ai-lessons" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('authoring.materials.label')}>
        <MaterialsPicker
          files={materials}
          onChange={setMaterials}
          accept={COURSE_MATERIAL_EXTENSIONS}
          maxFiles={MAX_COURSE_MATERIAL_FILES}
          disabled={busy}
          hint={t('authoring.materials.hint', { max: MAX_COURSE_MATERIAL_FILES, maxMb: MAX_MATERIAL_MEGABYTES })}
          inputLabel={t('authoring.materials.inputLabel')}
          testId="ai-materials-input"
        />
      </Form.Item>
      <Flex justify="end">
        <Button
          type="primary"
          htmlType="submit"
          icon={<ThunderboltOutlined />}
          loading={busy}
          disabled={!hasDescription}
          data-testid="ai-generate-submit"
        >
          {t('authoring.ai.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
