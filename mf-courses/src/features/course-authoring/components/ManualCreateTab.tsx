import { PlusOutlined } from '@ant-design/icons';
import {
  COURSE_COLORS,
  COURSE_MATERIAL_EXTENSIONS,
  COURSE_TITLE_MAX_LENGTH,
  MAX_ANALYZED_IMAGE_BYTES,
  MAX_COURSE_MATERIAL_FILES,
  courseFormSchema,
} from '@masar/contracts';
import { useAiNotice } from '@masar/shell/runtime';
import { Button, Col, Flex, Form, Input, Row, Select, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { courseColorHex } from '../../courses/course-colors';
import { useAnalyzeCourseImageMutation } from '../course-authoring.api';
import {
  countLimits,
  courseFieldErrors,
  courseIssueMessage,
  courseLanguageOf,
  sampleCourseValues,
  type CourseFormField,
  type CourseFormValues,
} from '../course-form';
import type { CreateTabProps } from '../hooks/useCourseCreation';
import { MAX_MATERIAL_MEGABYTES, imageAsBase64 } from '../material-rules';
import { CourseImagePicker } from './CourseImagePicker';
import { MaterialsPicker } from './MaterialsPicker';

const MANUAL_FIELDS: readonly CourseFormField[] = [
  'title',
  'description',
  'objective',
  'duration',
  'format',
  'departmentOwner',
  'color',
  'abbreviation',
  'numberOfModules',
  'lessonsPerModule',
];

/** "Manual Create": the course form of spec 001 section 5, optional materials and an optional course image. */
export function ManualCreateTab({ onSubmit, busy }: CreateTabProps) {
  const { t } = useTranslation('courses');
  const [form] = Form.useForm<CourseFormValues>();
  const [initialValues] = useState(() => sampleCourseValues(t));
  const [materials, setMaterials] = useState<File[]>([]);
  const [useAIOrganization, setUseAIOrganization] = useState(false);
  const [image, setImage] = useState<File>();
  const [analyzeImage, analysis] = useAnalyzeCourseImageMutation();
  const { ensureAccepted } = useAiNotice();

  /** Each field is checked by the contracts' schema, the same the gateway checks with. */
  const schemaRule = (field: CourseFormField): Rule => ({
    validator: async (_rule, value: unknown) => {
      const result = courseFormSchema.shape[field].safeParse(value);
      if (!result.success) throw new Error(courseIssueMessage(field, result.error.issues[0], t));
    },
  });

  const submit = (values: CourseFormValues) => {
    const parsed = courseFormSchema.safeParse({ ...values, language: courseLanguageOf(values.title, values.description) });
    if (!parsed.success) {
      form.setFields(courseFieldErrors(parsed.error.issues, MANUAL_FIELDS, t));
      return;
    }
    if (materials.length === 0) onSubmit({ kind: 'create', form: parsed.data, courseImage: image });
    else onSubmit({ kind: 'create-with-files', form: parsed.data, files: materials, useAIOrganization, courseImage: image });
  };

  /** Spec 001 sections 7 and 8: an image chosen while the description is empty fills it; failures are only logged. */
  const describeImage = async (file: File) => {
    const isEmpty = () => String(form.getFieldValue('description') ?? '').trim().length === 0;
    if (!isEmpty()) return;
    if (file.size > MAX_ANALYZED_IMAGE_BYTES) {
      console.error(`The course image is too large to describe (${file.size} bytes); the description stays empty`);
      return;
    }
    if (!(await ensureAccepted())) return; // AI describes the image: the AI-use notice comes first
    try {
      const title = String(form.getFieldValue('title') ?? '').trim().slice(0, COURSE_TITLE_MAX_LENGTH);
      const { description } = await analyzeImage({ image: await imageAsBase64(file), title }).unwrap();
      if (isEmpty()) {
        form.setFieldValue('description', description);
        void form.validateFields(['description']).catch(() => undefined);
      }
    } catch (error) {
      console.error('The course image could not be described; the description stays as it is', error);
    }
  };

  const chooseImage = (file: File | undefined) => {
    setImage(file);
    if (file) void describeImage(file);
  };

  const modules = countLimits('numberOfModules');
  const lessons = countLimits('lessonsPerModule');

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      disabled={busy}
      requiredMark
      data-testid="manual-create-form"
    >
      <Form.Item name="title" label={t('authoring.fields.title')} required rules={[schemaRule('title')]}>
        <Input dir="auto" data-testid="course-title" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('authoring.fields.description')}
        required
        rules={[schemaRule('description')]}
        extra={analysis.isLoading ? t('authoring.image.describing') : undefined}
      >
        <Input.TextArea rows={3} dir="auto" data-testid="course-description" />
      </Form.Item>
      <Form.Item name="objective" label={t('authoring.fields.objective')} rules={[schemaRule('objective')]}>
        <Input.TextArea rows={2} dir="auto" data-testid="course-objective" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="duration" label={t('authoring.fields.duration')} required rules={[schemaRule('duration')]}>
            <Input dir="auto" placeholder={t('authoring.placeholders.duration')} data-testid="course-duration" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="format" label={t('authoring.fields.format')} required rules={[schemaRule('format')]}>
            <Input dir="auto" placeholder={t('authoring.placeholders.format')} data-testid="course-format" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="departmentOwner" label={t('authoring.fields.departmentOwner')} required rules={[schemaRule('departmentOwner')]}>
            <Input dir="auto" data-testid="course-department" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="color" label={t('authoring.fields.color')} required rules={[schemaRule('color')]}>
            <Select
              allowClear
              data-testid="course-color"
              options={COURSE_COLORS.map((color) => ({
                value: color,
                label: (
                  <Flex align="center" gap="small">
                    <span
                      aria-hidden
                      style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 3, background: courseColorHex(color) }}
                    />
                    {t(`authoring.colors.${color}`)}
                  </Flex>
                ),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="abbreviation" label={t('authoring.fields.abbreviation')} required rules={[schemaRule('abbreviation')]}>
            <Input dir="auto" data-testid="course-abbreviation-input" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item
            name="numberOfModules"
            label={t('authoring.fields.numberOfModules')}
            rules={[schemaRule('numberOfModules')]}
            extra={t('authoring.countHelp', modules)}
          >
            <Input inputMode="numeric" data-testid="course-modules" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item
            name="lessonsPerModule"
            label={t('authoring.fields.lessonsPerModule')}
            rules={[schemaRule('lessonsPerModule')]}
            extra={t('authoring.countHelp', lessons)}
          >
            <Input inputMode="numeric" data-testid="course-lessons" />
          </Form.Item>
        </Col>
      </Row>

      <Form.Item label={t('authoring.materials.label')}>
        <Flex vertical gap="small">
          <MaterialsPicker
            files={materials}
            onChange={(files) => {
              setMaterials(files);
              if (files.length === 0) setUseAIOrganization(false);
            }}
            accept={COURSE_MATERIAL_EXTENSIONS}
            maxFiles={MAX_COURSE_MATERIAL_FILES}
            disabled={busy}
            hint={t('authoring.materials.hint', { max: MAX_COURSE_MATERIAL_FILES, maxMb: MAX_MATERIAL_MEGABYTES })}
            inputLabel={t('authoring.materials.inputLabel')}
            testId="manual-materials-input"
          />
          <Flex align="center" gap="small">
            <Switch
              checked={useAIOrganization}
              onChange={setUseAIOrganization}
              disabled={busy || materials.length === 0}
              aria-label={t('authoring.materials.useAiOrganization')}
              data-testid="use-ai-organization"
            />
            <Flex vertical>
              <Typography.Text>{t('authoring.materials.useAiOrganization')}</Typography.Text>
              <Typography.Text type="secondary">{t('authoring.materials.useAiOrganizationHelp')}</Typography.Text>
            </Flex>
          </Flex>
        </Flex>
      </Form.Item>

      <Form.Item label={t('authoring.image.label')} extra={t('authoring.image.help')}>
        <CourseImagePicker image={image} onChange={chooseImage} disabled={busy} />
      </Form.Item>

      <Flex justify="end">
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={busy} data-testid="manual-create-submit">
          {t('authoring.manual.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
