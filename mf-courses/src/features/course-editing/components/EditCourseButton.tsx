import { EditOutlined } from '@ant-design/icons';
import {
  COURSE_CATEGORIES,
  COURSE_COLORS,
  COURSE_LEVELS,
  type CourseDetail,
  type CourseLevel,
  updateCourseBodySchema,
} from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { Button, Col, Form, Input, Modal, Row, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { courseIssueMessage, type CourseFormField, fieldErrorsOf } from '../../course-authoring/course-form';
import { useUpdateCourseMutation } from '../course-editing.api';

/** What the edit form holds: the course's fields in both languages, as typed. */
export interface EditCourseValues {
  title: string;
  titleAr: string;
  description: string;
  descriptionAr: string;
  objective: string;
  duration: string;
  format: string;
  departmentOwner: string;
  color: string | undefined;
  abbreviation: string;
  level: CourseLevel | undefined;
  category: string | undefined;
  prerequisites: string[];
  skills: string[];
}

type EditField = keyof EditCourseValues;

const EDIT_FIELDS: readonly EditField[] = [
  'title', 'titleAr', 'description', 'descriptionAr', 'objective', 'duration', 'format', 'departmentOwner',
  'color', 'abbreviation', 'level', 'category', 'prerequisites', 'skills',
];

const CREATE_FORM_FIELDS = new Set<string>(['title', 'description', 'objective', 'duration', 'format', 'departmentOwner', 'color', 'abbreviation']);

export function editValuesOf(course: CourseDetail): EditCourseValues {
  return {
    title: course.title,
    titleAr: course.titleAr ?? '',
    description: course.description,
    descriptionAr: course.descriptionAr ?? '',
    objective: course.objective ?? '',
    duration: course.duration,
    format: course.format,
    departmentOwner: course.departmentOwner,
    color: course.color,
    abbreviation: course.abbreviation,
    level: course.level ?? undefined,
    category: course.category ?? undefined,
    prerequisites: course.prerequisites,
    skills: course.skills ?? [],
  };
}

/** The create form's wording for its own fields; the others (Arabic texts, lists) get theirs from `editing`. */
function editIssueMessage(field: EditField, issue: z.core.$ZodIssue, t: TFunction): string {
  if (CREATE_FORM_FIELDS.has(field)) return courseIssueMessage(field as CourseFormField, issue, t);
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return t('authoring.validation.tooLong', { field: t(`editing.fields.${field}`), max: Number(issue.maximum) });
  }
  if (issue.code === 'too_big') return t('editing.validation.tooMany', { field: t(`editing.fields.${field}`), max: Number(issue.maximum) });
  return issue.message;
}

/** The course detail's "Edit course" action (admins): the course's fields in both languages, checked as the create form checks them. */
export function EditCourseButton({ course }: { course: CourseDetail }) {
  const { t } = useTranslation('courses');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<EditCourseValues>();
  const [updateCourse, update] = useUpdateCourseMutation();

  const save = async (values: EditCourseValues) => {
    const parsed = updateCourseBodySchema.safeParse({
      ...values,
      level: values.level ?? null,
      category: values.category ?? null,
    });
    if (!parsed.success) {
      form.setFields(fieldErrorsOf(parsed.error.issues, EDIT_FIELDS, (field, issue) => editIssueMessage(field, issue, t)));
      return;
    }
    try {
      await updateCourse({ id: course.id, changes: parsed.data }).unwrap();
      showToast({ kind: 'success', title: t('editing.toasts.updated') });
      setOpen(false);
    } catch (error) {
      const failure = toApiError(error);
      showToast({ kind: 'error', title: t('editing.toasts.updateFailed'), description: failure?.serverMessage ?? failure?.message });
    }
  };

  const text = (name: EditField, rows?: number, dir: 'auto' | 'rtl' = 'auto') => (
    <Form.Item name={name} label={t(`editing.fields.${name}`)}>
      {rows ? <Input.TextArea rows={rows} dir={dir} data-testid={`edit-course-${name}`} /> : <Input dir={dir} data-testid={`edit-course-${name}`} />}
    </Form.Item>
  );

  return (
    <>
      <Button
        icon={<EditOutlined />}
        onClick={() => setOpen(true)}
        data-testid="edit-course"
      >
        {t('editing.editCourse')}
      </Button>
      <Modal
        open={open}
        title={t('editing.title')}
        okText={t('editing.save')}
        cancelText={t('editing.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={update.isLoading}
        okButtonProps={{ 'data-testid': 'edit-course-save' }}
        width={760}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={editValuesOf(course)} preserve={false} onFinish={(values) => void save(values)} data-testid="edit-course-form">
          <Row gutter={16}>
            <Col xs={24} sm={12}>{text('title')}</Col>
            <Col xs={24} sm={12}>{text('titleAr', undefined, 'rtl')}</Col>
            <Col xs={24} sm={12}>{text('description', 3)}</Col>
            <Col xs={24} sm={12}>{text('descriptionAr', 3, 'rtl')}</Col>
            <Col xs={24}>{text('objective', 2)}</Col>
            <Col xs={24} sm={8}>{text('duration')}</Col>
            <Col xs={24} sm={8}>{text('format')}</Col>
            <Col xs={24} sm={8}>{text('departmentOwner')}</Col>
            <Col xs={24} sm={8}>
              <Form.Item name="color" label={t('editing.fields.color')}>
                <Select data-testid="edit-course-color" options={COURSE_COLORS.map((color) => ({ value: color, label: t(`authoring.colors.${color}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>{text('abbreviation')}</Col>
            <Col xs={24} sm={8}>
              <Form.Item name="level" label={t('editing.fields.level')}>
                <Select allowClear data-testid="edit-course-level" options={COURSE_LEVELS.map((level) => ({ value: level, label: t(`levels.${level}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="category" label={t('editing.fields.category')}>
                <Select
                  allowClear
                  data-testid="edit-course-category"
                  options={COURSE_CATEGORIES.map((category) => ({ value: category, label: t(`categories.${category}`, { defaultValue: category }) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="prerequisites" label={t('editing.fields.prerequisites')} extra={t('editing.listHelp')}>
                <Select mode="tags" open={false} data-testid="edit-course-prerequisites" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="skills" label={t('editing.fields.skills')} extra={t('editing.listHelp')}>
                <Select mode="tags" open={false} data-testid="edit-course-skills" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Modal>
    </>
  );
}
