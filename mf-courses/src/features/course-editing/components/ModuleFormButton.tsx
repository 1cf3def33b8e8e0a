import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type CourseModuleDetail, newModuleBodySchema, updateModuleBodySchema } from '@masar/contracts';
import { Button, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../course-authoring/course-form';
import { useAddModuleMutation, useUpdateModuleMutation } from '../course-structure.api';
import { useStructureChange } from '../hooks/useStructureChange';
import { LESSON_FORM_FIELDS, LessonFields, lessonFieldErrors, type LessonFormValues } from '../lesson-form';

interface ModuleFormValues {
  title: string;
  description: string;
  withLesson?: boolean;
  firstLesson?: LessonFormValues;
}

const NEW_LESSON: LessonFormValues = { title: '', duration: '10 min', type: 'reading', content: '', keyPoints: [], activities: [] };

/**
 * Adds a module (`module` absent: empty, or with its first lesson) or changes one's title and
 * description; problems show under their field, in the create form's wording. `published`: the
 * course is published now (a first lesson that still needs work moves it back to draft).
 */
export function ModuleFormButton({ courseId, module, published = false }: { courseId: string; module?: CourseModuleDetail; published?: boolean }) {
  const { t } = useTranslation('courses');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ModuleFormValues>();
  const withLesson = Form.useWatch('withLesson', form);
  const [addModule, adding] = useAddModuleMutation();
  const [updateModule, updating] = useUpdateModuleMutation();
  const run = useStructureChange();
  const editing = module !== undefined;

  const save = async (values: ModuleFormValues) => {
    const body = { title: values.title, description: values.description ?? '', ...(values.withLesson && !editing ? { firstLesson: values.firstLesson } : {}) };
    const parsed = editing ? updateModuleBodySchema.safeParse(body) : newModuleBodySchema.safeParse(body);
    if (!parsed.success) {
      const moduleIssues = parsed.error.issues.filter((issue) => issue.path[0] !== 'firstLesson');
      const lessonIssues = parsed.error.issues.filter((issue) => issue.path[0] === 'firstLesson').map((issue) => ({ ...issue, path: issue.path.slice(1) }));
      form.setFields([
        ...fieldErrorsOf(moduleIssues, ['title', 'description'] as const, (field, issue) =>
          issue.code === 'too_small' || issue.code === 'custom' ? t('editing.lesson.required', { field: t(`structure.module.fields.${field}`) }) : issue.message,
        ),
        ...lessonFieldErrors(lessonIssues, t).map(({ name, errors }) => ({ name: ['firstLesson', name] as ['firstLesson', (typeof LESSON_FORM_FIELDS)[number]], errors })),
      ]);
      return;
    }
    const done = editing
      ? await run(() => updateModule({ courseId, moduleId: module.id, changes: { title: body.title, description: body.description } }).unwrap(), 'moduleUpdated')
      : await run(() => addModule({ courseId, module: body }).unwrap(), 'moduleAdded', { wasPublished: published });
    if (done) setOpen(false);
  };

  const testId = editing ? 'edit-module' : 'add-module';
  return (
    <>
      <Button size={editing ? 'small' : 'middle'} icon={editing ? <EditOutlined /> : <PlusOutlined />} onClick={() => setOpen(true)} data-testid={testId}>
        {editing ? t('structure.module.edit') : t('structure.module.add')}
      </Button>
      <Modal
        open={open}
        title={editing ? t('structure.module.editTitle') : t('structure.module.addTitle')}
        okText={t('editing.save')}
        cancelText={t('editing.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={adding.isLoading || updating.isLoading}
        okButtonProps={{ 'data-testid': `${testId}-save` }}
        width={editing ? 560 : 760}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ title: module?.title ?? '', description: module?.description ?? '', withLesson: false, firstLesson: NEW_LESSON }}
          onFinish={(values) => void save(values)}
          data-testid={`${testId}-form`}
        >
          <Form.Item name="title" label={t('structure.module.fields.title')}>
            <Input dir="auto" data-testid="module-title" />
          </Form.Item>
          <Form.Item name="description" label={t('structure.module.fields.description')}>
            <Input.TextArea rows={2} dir="auto" data-testid="module-description" />
          </Form.Item>
          {!editing && (
            <Form.Item name="withLesson" valuePropName="checked">
              <Checkbox data-testid="module-with-lesson">{t('structure.module.withLesson')}</Checkbox>
            </Form.Item>
          )}
          {!editing && withLesson && <LessonFields prefix="first-lesson" namePath={['firstLesson']} />}
        </Form>
      </Modal>
    </>
  );
}
