import { ArrowDownOutlined, ArrowUpOutlined, ClockCircleOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useDurationText } from '@masar/shell/runtime';
import {
  type Announcements,
  closestCenter,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CourseDetail, CourseModuleDetail, LessonDetail } from '@masar/contracts';
import { App, Button, Card, Empty, Flex, Select, Tag, Tooltip, Typography } from 'antd';
import { createContext, type CSSProperties, useContext, useEffect, useMemo, useState } from 'react';
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
import { courseAfter, dragIdOf, type DragTarget, dropOf, parseDragId, type StructureDrop } from '../structure-drag';
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

/** What is being dragged: the other kind's drop targets are switched off meanwhile, so a module never lands in a lesson list. */
const DraggingKind = createContext<DragTarget['kind'] | null>(null);

/**
 * The grip a row is dragged by: a focusable button (Space or Enter picks it up, the arrow keys move
 * it, Space drops, Escape puts it back). The move buttons beside it stay for those who prefer them.
 */
function DragHandle({
  label,
  attributes,
  listeners,
  setActivatorNodeRef,
}: {
  label: string;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
}) {
  const { t } = useTranslation('courses');
  return (
    <Tooltip title={t('structure.drag.tooltip')}>
      <Button
        ref={setActivatorNodeRef}
        size="small"
        type="text"
        icon={<HolderOutlined />}
        {...attributes}
        {...listeners}
        aria-label={t('structure.drag.handle', { title: label })}
        data-testid="drag-handle"
        style={{ cursor: 'grab', touchAction: 'none' }}
      />
    </Tooltip>
  );
}

/** A row's place while it is dragged (lifted above the others, a little transparent). */
function draggedStyle(transform: Parameters<typeof CSS.Translate.toString>[0], transition: string | undefined, isDragging: boolean): CSSProperties {
  return { transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.7 : undefined, position: 'relative', zIndex: isDragging ? 2 : undefined };
}

function LessonRow({ course, module, lesson, index }: { course: CourseDetail; module: CourseModuleDetail; lesson: LessonDetail; index: number }) {
  const { t } = useTranslation('courses');
  const durationText = useDurationText();
  const dragging = useContext(DraggingKind);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: dragIdOf.lesson(lesson.id),
    attributes: { roleDescription: t('structure.drag.roleDescription') },
    disabled: { draggable: false, droppable: dragging === 'module' },
  });
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
    <Flex
      component="li"
      ref={setNodeRef}
      justify="space-between"
      align="center"
      gap="small"
      wrap
      style={{ padding: '8px 4px', borderBottom: '1px solid rgba(5, 5, 5, 0.06)', background: isDragging ? '#fff' : undefined, ...draggedStyle(transform, transition, isDragging) }}
      data-testid="structure-lesson"
    >
      <Flex gap="small" align="center" wrap>
        <DragHandle label={lesson.title} attributes={attributes} listeners={listeners} setActivatorNodeRef={setActivatorNodeRef} />
        <Typography.Text dir="auto" data-testid="structure-lesson-title">
          {lesson.title}
        </Typography.Text>
        <Typography.Text type="secondary">
          <ClockCircleOutlined /> {durationText(lesson.duration)}
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

/** A module's lesson list, sortable and a drop target of its own: a lesson dropped on it (or on an empty module) goes to its end. */
function LessonList({ course, module }: { course: CourseDetail; module: CourseModuleDetail }) {
  const { t } = useTranslation('courses');
  const dragging = useContext(DraggingKind);
  const { setNodeRef, isOver } = useDroppable({ id: dragIdOf.lessonList(module.id), disabled: dragging !== 'lesson' });
  const highlighted = isOver && dragging === 'lesson';
  return (
    <div
      ref={setNodeRef}
      data-testid="structure-lesson-list"
      style={{ minHeight: 40, borderRadius: 6, outline: highlighted ? '2px dashed #1677ff' : undefined, outlineOffset: 2 }}
    >
      <SortableContext items={module.lessons.map((lesson) => dragIdOf.lesson(lesson.id))} strategy={verticalListSortingStrategy}>
        {module.lessons.length === 0 ? (
          <Typography.Text type="secondary">{t('detail.noLessons')}</Typography.Text>
        ) : (
          <Flex vertical component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {module.lessons.map((lesson, lessonIndex) => (
              <LessonRow key={lesson.id} course={course} module={module} lesson={lesson} index={lessonIndex} />
            ))}
          </Flex>
        )}
      </SortableContext>
    </div>
  );
}

function ModuleCard({ course, module, index }: { course: CourseDetail; module: CourseModuleDetail; index: number }) {
  const { t } = useTranslation('courses');
  const dragging = useContext(DraggingKind);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: dragIdOf.module(module.id),
    attributes: { roleDescription: t('structure.drag.roleDescription') },
    disabled: { draggable: false, droppable: dragging === 'lesson' },
  });
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
    <div ref={setNodeRef} style={draggedStyle(transform, transition, isDragging)}>
      <Card
        size="small"
        data-testid="structure-module"
        title={
          <Flex gap="small" align="center">
            <DragHandle label={module.title} attributes={attributes} listeners={listeners} setActivatorNodeRef={setActivatorNodeRef} />
            <Typography.Text strong dir="auto" data-testid="structure-module-title">
              {heading}
            </Typography.Text>
          </Flex>
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
          <LessonList course={course} module={module} />
          <div>
            <AddLessonButton courseId={course.id} moduleId={module.id} published={course.publication?.status === 'published'} />
          </div>
        </Flex>
      </Card>
    </div>
  );
}

/** Rows move up and down only: modules and lesson lists are stacked, in either writing direction. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * Where a dragged row may land. A module: the nearest module. A lesson: the lesson row under the
 * pointer, else the lesson list under it (another module's end), else (keyboard) the nearest target.
 */
const structureCollisions: CollisionDetection = (args) => {
  if (parseDragId(args.active.id)?.kind === 'lesson') {
    const under = pointerWithin(args);
    const rows = under.filter((collision) => parseDragId(collision.id)?.kind === 'lesson');
    if (rows.length > 0) return rows;
    if (under.length > 0) return under;
  }
  return closestCenter(args);
};

/** The title a screen reader hears for a drag id. */
function useDragNames(course: CourseDetail) {
  const { t } = useTranslation('courses');
  return useMemo(() => {
    const names = new Map<string, string>();
    course.modules.forEach((module, index) => {
      names.set(dragIdOf.module(module.id), t('detail.moduleHeading', { number: index + 1, title: module.title }));
      names.set(dragIdOf.lessonList(module.id), t('structure.drag.endOf', { title: module.title }));
      for (const lesson of module.lessons) names.set(dragIdOf.lesson(lesson.id), lesson.title);
    });
    return (id: string | number) => names.get(String(id)) ?? '';
  }, [course, t]);
}

/**
 * The course page's "Edit structure" mode (admins): every module and lesson with its actions, and
 * adding modules. Modules and lessons are dragged by their grip (mouse, touch or keyboard): each drop
 * makes one call of the structure API, shown at once and put back, with the error toast, if refused.
 */
export function CourseStructureEditor({ course }: { course: CourseDetail }) {
  const { t } = useTranslation('courses');
  const run = useStructureChange();
  const [reorderModules] = useReorderModulesMutation();
  const [reorderLessons] = useReorderLessonsMutation();
  const [moveLesson] = useMoveLessonMutation();
  const [dragging, setDragging] = useState<DragTarget['kind'] | null>(null);
  /** The course as the last drop left it, until the server's answer replaces it (or the drop is refused). */
  const [dropped, setDropped] = useState<CourseDetail | null>(null);
  useEffect(() => setDropped(null), [course]);
  const shown = dropped ?? course;
  const nameOf = useDragNames(shown);
  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on the grip stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('structure.drag.picked', { title: nameOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('structure.drag.over', { title: nameOf(active.id), target: nameOf(over.id) }) : t('structure.drag.nowhere', { title: nameOf(active.id) })),
    onDragEnd: ({ active, over }) => (over ? t('structure.drag.dropped', { title: nameOf(active.id), target: nameOf(over.id) }) : t('structure.drag.cancelled', { title: nameOf(active.id) })),
    onDragCancel: ({ active }) => t('structure.drag.cancelled', { title: nameOf(active.id) }),
  };

  const send = (drop: StructureDrop) => {
    switch (drop.kind) {
      case 'reorderModules':
        return run(() => reorderModules({ courseId: course.id, moduleIds: drop.moduleIds }).unwrap(), 'moduleMoved');
      case 'reorderLessons':
        return run(() => reorderLessons({ courseId: course.id, moduleId: drop.moduleId, lessonIds: drop.lessonIds }).unwrap(), 'lessonMoved');
      case 'moveLesson':
        return run(() => moveLesson({ courseId: course.id, lessonId: drop.lessonId, moduleId: drop.moduleId, position: drop.position }).unwrap(), 'lessonMoved');
    }
  };

  const [announcer, setAnnouncer] = useState<HTMLDivElement | null>(null);

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const moving = active.rect.current.translated;
    const below = moving !== null && over !== null && moving.top + moving.height / 2 > over.rect.top + over.rect.height / 2;
    const drop = dropOf(shown, parseDragId(active.id), over ? parseDragId(over.id) : null, below);
    if (!drop) return;
    setDropped(courseAfter(shown, drop));
    if (!(await send(drop))) setDropped(null);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={structureCollisions}
      modifiers={[verticalOnly]}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('structure.drag.instructions') },
        // Inside the page's main landmark, not at the end of <body>, where no landmark holds them.
        container: announcer ?? undefined,
      }}
      onDragStart={({ active }) => setDragging(parseDragId(active.id)?.kind ?? null)}
      onDragCancel={() => setDragging(null)}
      onDragEnd={(event) => void onDragEnd(event)}
    >
      <DraggingKind.Provider value={dragging}>
        <Flex vertical gap="middle" data-testid="course-structure-editor">
          <div ref={setAnnouncer} />
          <Typography.Text type="secondary">{t('structure.help')}</Typography.Text>
          {shown.modules.length === 0 && <Empty description={t('detail.noModules')} />}
          <SortableContext items={shown.modules.map((module) => dragIdOf.module(module.id))} strategy={verticalListSortingStrategy}>
            {shown.modules.map((module, index) => (
              <ModuleCard key={module.id} course={shown} module={module} index={index} />
            ))}
          </SortableContext>
          <div>
            <ModuleFormButton courseId={course.id} published={course.publication?.status === 'published'} />
          </div>
        </Flex>
      </DraggingKind.Provider>
    </DndContext>
  );
}
