import { LESSON_TYPES, type LessonType } from '@masar/contracts';
import { Col, Form, Input, Row, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldErrorsOf } from '../course-authoring/course-form';

/** What a lesson form holds (editing a lesson, adding one). */
export interface LessonFormValues {
  title: string;
  duration: string;
  type: LessonType;
  content: string;
  keyPoints: string[];
  activities: string[];
}

export type LessonFormField = keyof LessonFormValues;

export const LESSON_FORM_FIELDS: readonly LessonFormField[] = ['title', 'duration', 'type', 'content', 'keyPoints', 'activities'];

/**
 * Each lesson field's first problem, in the interface language when it is a missing field (empty,
 * blank, or blank to the eye), otherwise the contracts' own message.
 */
export function lessonFieldErrors(issues: readonly z.core.$ZodIssue[], t: TFunction): { name: LessonFormField; errors: string[] }[] {
  return fieldErrorsOf(issues, LESSON_FORM_FIELDS, (field, issue) => {
    const missing = issue.path.length === 1 && ((issue.code === 'too_small' && issue.origin === 'string') || issue.code === 'custom' || issue.code === 'invalid_type');
    return missing ? t('editing.lesson.required', { field: t(`editing.lesson.fields.${field}`) }) : issue.message;
  });
}

/** The lesson's own fields, laid out as the lesson editor lays them out; `prefix` keeps test ids apart. */
export function LessonFields({ prefix, namePath = [] }: { prefix: string; namePath?: string[] }) {
  const { t } = useTranslation('courses');
  const name = (field: LessonFormField) => [...namePath, field];
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item name={name('title')} label={t('editing.lesson.fields.title')}>
          <Input dir="auto" data-testid={`${prefix}-title`} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name={name('duration')} label={t('editing.lesson.fields.duration')}>
          <Input dir="auto" data-testid={`${prefix}-duration`} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name={name('type')} label={t('editing.lesson.fields.type')}>
          <Select data-testid={`${prefix}-type`} options={LESSON_TYPES.map((type) => ({ value: type, label: t(`lessonTypes.${type}`) }))} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name={name('content')} label={t('editing.lesson.fields.content')}>
          <Input.TextArea rows={8} dir="auto" data-testid={`${prefix}-content`} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name={name('keyPoints')} label={t('editing.lesson.fields.keyPoints')} extra={t('editing.listHelp')}>
          <Select mode="tags" open={false} data-testid={`${prefix}-keyPoints`} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name={name('activities')} label={t('editing.lesson.fields.activities')} extra={t('editing.listHelp')}>
          <Select mode="tags" open={false} data-testid={`${prefix}-activities`} />
        </Form.Item>
      </Col>
    </Row>
  );
}
