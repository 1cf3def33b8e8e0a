import { EditOutlined } from '@ant-design/icons';
import { LESSON_TYPES, type LessonDetail, type LessonType, updateLessonBodySchema } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { Button, Col, Form, Input, Modal, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../course-authoring/course-form';
import { useUpdateLessonMutation } from '../course-editing.api';
import { LessonVideoFields } from '../../lesson-video/components/LessonVideoFields';

/** What the lesson editor holds. */
export interface EditLessonValues {
  title: string;
  duration: string;
  type: LessonType;
  content: string;
  keyPoints: string[];
  activities: string[];
}

type LessonField = keyof EditLessonValues;

const LESSON_FIELDS: readonly LessonField[] = ['title', 'duration', 'type', 'content', 'keyPoints', 'activities'];

/** The lesson page's "Edit lesson" action (admins): the lesson's own fields, checked by the contracts' schema as svc-courses checks them. */
export function EditLessonButton({ courseId, lesson }: { courseId: string; lesson: LessonDetail }) {
  const { t } = useTranslation('courses');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<EditLessonValues>();
  const [updateLesson, update] = useUpdateLessonMutation();

  const save = async (values: EditLessonValues) => {
    const parsed = updateLessonBodySchema.safeParse(values);
    if (!parsed.success) {
      form.setFields(
        fieldErrorsOf(parsed.error.issues, LESSON_FIELDS, (field, issue) => {
          const missing = issue.code === 'too_small' && issue.origin === 'string' && issue.path.length === 1;
          return missing ? t('editing.lesson.required', { field: t(`editing.lesson.fields.${field}`) }) : issue.message;
        }),
      );
      return;
    }
    try {
      await updateLesson({ courseId, lessonId: lesson.id, changes: parsed.data }).unwrap();
      showToast({ kind: 'success', title: t('editing.toasts.lessonUpdated') });
      setOpen(false);
    } catch (error) {
      const failure = toApiError(error);
      showToast({ kind: 'error', title: t('editing.toasts.lessonUpdateFailed'), description: failure?.serverMessage ?? failure?.message });
    }
  };

  const initialValues: EditLessonValues = {
    title: lesson.title,
    duration: lesson.duration,
    type: lesson.type,
    content: lesson.content,
    keyPoints: lesson.keyPoints,
    activities: lesson.activities,
  };

  return (
    <>
      <Button size="small" icon={<EditOutlined />} onClick={() => setOpen(true)} data-testid="edit-lesson">
        {t('editing.lesson.edit')}
      </Button>
      <Modal
        open={open}
        title={t('editing.lesson.title')}
        okText={t('editing.save')}
        cancelText={t('editing.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={update.isLoading}
        okButtonProps={{ 'data-testid': 'edit-lesson-save' }}
        width={760}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={initialValues} preserve={false} onFinish={(values) => void save(values)} data-testid="edit-lesson-form">
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="title" label={t('editing.lesson.fields.title')}>
                <Input dir="auto" data-testid="edit-lesson-title" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item name="duration" label={t('editing.lesson.fields.duration')}>
                <Input dir="auto" data-testid="edit-lesson-duration" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item name="type" label={t('editing.lesson.fields.type')}>
                <Select data-testid="edit-lesson-type" options={LESSON_TYPES.map((type) => ({ value: type, label: t(`lessonTypes.${type}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="content" label={t('editing.lesson.fields.content')}>
                <Input.TextArea rows={10} dir="auto" data-testid="edit-lesson-content" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="keyPoints" label={t('editing.lesson.fields.keyPoints')} extra={t('editing.listHelp')}>
                <Select mode="tags" open={false} data-testid="edit-lesson-keyPoints" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="activities" label={t('editing.lesson.fields.activities')} extra={t('editing.listHelp')}>
                <Select mode="tags" open={false} data-testid="edit-lesson-activities" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        {lesson.type === 'video' && <LessonVideoFields courseId={courseId} lesson={lesson} />}
      </Modal>
    </>
  );
}
