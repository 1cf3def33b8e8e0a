import { ArrowDownOutlined, ArrowUpOutlined, ClockCircleOutlined, DeleteOutlined } from '@ant-design/icons';
import type { CourseDetail, CourseModuleDetail, LessonDetail } from '@masar/contracts';
import { App, Button, Card, Empty, Flex, Select, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { lessonTypeColor } from '../../lessons/lesson-types';
import {
  useDeleteLessonMutation,
  useDeleteModuleMutation,
  useMoveLessonMutation,
  useReorderLessonsMutation,
  useReorderModulesMutation,
} from '../course-structure.api';
import { useStructureChange } from '../hooks/useStructureChange';
import { AddLessonButton } from './AddLessonButton';
import { EditLessonButton } from './EditLessonButton';
import { ModuleFormButton } from './ModuleFormButton';

/** `ids` with the one at `index` swapped with its neighbour `by` (-1 up, +1 down). */
export function swapped(ids: readonly string[], index: number, by: -1 | 1): string[] {
  const next = [...ids];
  [next[index], next[index + by]] = [next[index + by], next[index]];
  return next;
}

function MoveButtons({ index, count, onMove, label }: { index: number; count: number; onMove: (by: -1 | 1) => void; label: string }) {
  const { t } = useTranslation('courses');
  return (
    <>
      <Tooltip title={t('structure.moveUp')}>
        <Button size="small" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => onMove(-1)} aria-label={`${t('structure.moveUp')}: ${label}`} data-testid="move-up" />
      </Tooltip>
      <Tooltip title={t('structure.moveDown')}>
        <Button
          size="small"
          icon={<ArrowDownOutlined />}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
          aria-label={`${t('structure.moveDown')}: ${label}`}
          data-testid="move-down"
        />
      </Tooltip>
    </>
  );
}

function LessonRow({ course, module, lesson, index }: { course: CourseDetail; module: CourseModuleDetail; lesson: LessonDetail; index: number }) {
  const { t } = useTranslation('courses');
  const { modal } = App.useApp();
  const run = useStructureChange();
  const [reorderLessons] = useReorderLessonsMutation();
  const [moveLesson] = useMoveLessonMutation();
  const [deleteLesson] = useDeleteLessonMutation();
  const lessonIds = module.lessons.map(({ id }) => id);
  const otherModules = course.modules.map((other, number) => ({ other, number })).filter(({ other }) => other.id !== module.id);

  const confirmDelete = () =>
    modal.confirm({
      title: t('structure.lesson.deleteTitle'),
      content: t('structure.lesson.deleteConfirm', { title: lesson.title }),
      okText: t('structure.delete'),
      cancelText: t('editing.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete-lesson' },
      onOk: () => run(() => deleteLesson({ courseId: course.id, lessonId: lesson.id }).unwrap(), 'lessonDeleted'),
    });

  return (
    <Flex component="li" justify="space-between" align="center" gap="small" wrap style={{ padding: '8px 4px', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }} data-testid="structure-lesson">
      <Flex gap="small" align="center" wrap>
        <Typography.Text dir="auto" data-testid="structure-lesson-title">
          {lesson.title}
        </Typography.Text>
        <Typography.Text type="secondary">
          <ClockCircleOutlined /> {lesson.duration}
        </Typography.Text>
        <Tag color={lessonTypeColor(lesson.type)}>{t(`lessonTypes.${lesson.type}`)}</Tag>
      </Flex>
      <Flex gap={4} align="center" wrap>
        <MoveButtons
          index={index}
          count={lessonIds.length}
          label={lesson.title}
          onMove={(by) => void run(() => reorderLessons({ courseId: course.id, moduleId: module.id, lessonIds: swapped(lessonIds, index, by) }).unwrap(), 'lessonMoved')}
        />
        {otherModules.length > 0 && (
          <Select
            size="small"
            style={{ minWidth: 170 }}
            value={null}
            placeholder={t('structure.lesson.moveTo')}
            aria-label={t('structure.lesson.moveTo')}
            data-testid="move-lesson-to"
            options={otherModules.map(({ other, number }) => ({ value: other.id, label: t('detail.moduleHeading', { number: number + 1, title: other.title }) }))}
            onChange={(moduleId: string) => void run(() => moveLesson({ courseId: course.id, lessonId: lesson.id, moduleId }).unwrap(), 'lessonMoved')}
          />
        )}
        <EditLessonButton courseId={course.id} lesson={lesson} />
        <Button size="small" danger icon={<DeleteOutlined />} onClick={confirmDelete} data-testid="delete-lesson">
          {t('structure.delete')}
        </Button>
      </Flex>
    </Flex>
  );
}

function ModuleCard({ course, module, index }: { course: CourseDetail; module: CourseModuleDetail; index: number }) {
  const { t } = useTranslation('courses');
  const { modal } = App.useApp();
  const run = useStructureChange();
  const [reorderModules] = useReorderModulesMutation();
  const [deleteModule] = useDeleteModuleMutation();
  const moduleIds = course.modules.map(({ id }) => id);
  const heading = t('detail.moduleHeading', { number: index + 1, title: module.title });

  const confirmDelete = () =>
    modal.confirm({
      title: t('structure.module.deleteTitle'),
      content: t('structure.module.deleteConfirm', { title: module.title, total: module.lessons.length }),
      okText: t('structure.delete'),
      cancelText: t('editing.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete-module' },
      onOk: () => run(() => deleteModule({ courseId: course.id, moduleId: module.id }).unwrap(), 'moduleDeleted'),
    });

  return (
    <Card
      size="small"
      data-testid="structure-module"
      title={
        <Typography.Text strong dir="auto" data-testid="structure-module-title">
          {heading}
        </Typography.Text>
      }
      extra={
        <Flex gap={4} wrap>
          <MoveButtons
            index={index}
            count={moduleIds.length}
            label={module.title}
            onMove={(by) => void run(() => reorderModules({ courseId: course.id, moduleIds: swapped(moduleIds, index, by) }).unwrap(), 'moduleMoved')}
          />
          <ModuleFormButton courseId={course.id} module={module} />
          <Button size="small" danger icon={<DeleteOutlined />} onClick={confirmDelete} data-testid="delete-module">
            {t('structure.delete')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap="small">
        {module.description && (
          <Typography.Text type="secondary" dir="auto">
            {module.description}
          </Typography.Text>
        )}
        {module.lessons.length === 0 ? (
          <Typography.Text type="secondary">{t('detail.noLessons')}</Typography.Text>
        ) : (
          <Flex vertical component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {module.lessons.map((lesson, lessonIndex) => (
              <LessonRow key={lesson.id} course={course} module={module} lesson={lesson} index={lessonIndex} />
            ))}
          </Flex>
        )}
        <div>
          <AddLessonButton courseId={course.id} moduleId={module.id} />
        </div>
      </Flex>
    </Card>
  );
}

/** The course page's "Edit structure" mode (admins): every module and lesson with its actions, and adding modules. */
export function CourseStructureEditor({ course }: { course: CourseDetail }) {
  const { t } = useTranslation('courses');
  return (
    <Flex vertical gap="middle" data-testid="course-structure-editor">
      <Typography.Text type="secondary">{t('structure.help')}</Typography.Text>
      {course.modules.length === 0 && <Empty description={t('detail.noModules')} />}
      {course.modules.map((module, index) => (
        <ModuleCard key={module.id} course={course} module={module} index={index} />
      ))}
      <div>
        <ModuleFormButton courseId={course.id} />
      </div>
    </Flex>
  );
}
