import {
  type Caller,
  COURSE_ALREADY_IN_PATH_MESSAGE,
  COURSE_NOT_IN_PATH_MESSAGE,
  COURSE_ORDER_MISMATCH_MESSAGE,
  DeleteLearningPathReply,
  GenerateLearningPathRequest,
  LEARNING_PATH_NOT_FOUND_MESSAGE,
  EVENT_SUBJECTS,
  LearningPath,
  LearningPathGeneratedEvent,
  LearningPathList,
  LearningPathRequest,
  ListLearningPathsRequest,
  NO_PROPOSAL_MESSAGE,
  type PlanChoice,
  REPLACEMENT_COVERS_NOTHING_MESSAGE,
  UpdateLearningPathBody,
  UpdateLearningPathRequest,
} from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { FindOptionsWhere, Repository } from 'typeorm';
import { ActivitiesService, learningPathGeneratedActivity } from '../activities/activities.service';
import { PathCandidatesClient } from '../courses/path-candidates.client';
import { EventOutbox, rpcError } from '@masar/contracts/service-kit';
import { RemovedCoursesService } from '../removed-courses/removed-courses.service';
import { LearnerSkillsService } from '../learner-skills/learner-skills.service';
import { ProgressOverviewService } from '../progress-overview/progress-overview.service';
import { SkillGapsService } from '../skill-gaps/skill-gaps.service';
import { LearningPathRecord } from './entities/learning-path.entity';
import { changeableBy, listedOwnerOf, readableBy } from './path-ownership';
import { PROGRESS_CONFIG, type ProgressConfig } from '../config';
import { gapsCoveredBy, gapsWithinCatalogReach, type ChosenCourse } from './planning/course-cover';
import { chosenFromPath, keepingLeftForLater, planLearningPath, scheduleWithinYear, type PlannedLearningPath, type PlanningOptions } from './planning/plan-learning-path';
import { isoDate, utcDay } from './planning/path-schedule';
import { analyseSkillGaps, skillKey } from './planning/skill-gaps';

@Injectable()
export class LearningPathsService {
  constructor(
    @InjectRepository(LearningPathRecord) private readonly paths: Repository<LearningPathRecord>,
    private readonly learnerSkills: LearnerSkillsService,
    private readonly candidates: PathCandidatesClient,
    private readonly activities: ActivitiesService,
    private readonly outbox: EventOutbox,
    private readonly removedCourses: RemovedCoursesService,
    private readonly progressOverview: ProgressOverviewService,
    private readonly skillGaps: SkillGapsService,
    @Inject(PROGRESS_CONFIG) private readonly config: Pick<ProgressConfig, 'maxProposedWeeklyHours' | 'ramadanLoadFactor'>,
  ) {}

  private get planning(): PlanningOptions {
    return { maxProposedWeeklyHours: this.config.maxProposedWeeklyHours, ramadanLoadFactor: this.config.ramadanLoadFactor };
  }

  /**
   * The gaps between the job's confirmed skills and the learner's profile, the cheapest set of
   * courses closing them (internal first), scheduled from today under the weekly budget and fitted
   * to 12 months. A plan that does not fit waits for the learner's decision on the proposal.
   */
  async generate(userId: string, request: GenerateLearningPathRequest): Promise<LearningPath> {
    const { jobDescriptionId, jobTitle, confirmedSkills, weeklyHours } = request;
    const gaps = analyseSkillGaps(confirmedSkills, await this.learnerSkills.currentLevels(userId));
    const candidates = await this.candidates.find(gaps.map((gap) => gap.skill));
    const startDate = utcDay(new Date());
    const plan = planLearningPath({ gaps, candidates, weeklyHours, startDate }, this.planning);
    const saved = await this.paths.manager.transaction(async (manager) => {
      const path = await manager.save(
        manager.create(LearningPathRecord, {
          userId,
          jobDescriptionId,
          jobTitle: jobTitle.trim() || 'Job Description',
          weeklyHours,
          startDate: isoDate(startDate),
          confirmedSkills,
          gaps,
          ...planFields(plan, fitsYear(plan) ? 'fits' : 'pending'),
        }),
      );
      await this.activities.record(manager, learningPathGeneratedActivity(generatedEvent(path)));
      await this.activities.mapSkills(manager, confirmedSkills.map((skill) => skill.name));
      // With the path, not after it: a stream that is away delays the news, and loses none of it.
      await this.outbox.add(manager, EVENT_SUBJECTS.LEARNING_PATH_GENERATED, generatedEvent(path), path.id);
      return path;
    });
    // Stored on the stream before the answer, as publishers do; a stream that is away leaves it for the timer.
    await this.outbox.relay();
    return toLearningPath(saved);
  }

  /** The caller's paths (an admin's list may be somebody else's), each with its progress. */
  async list(caller: Caller, { ownerId }: ListLearningPathsRequest): Promise<LearningPathList> {
    const userId = listedOwnerOf(caller, ownerId);
    const rows = await this.paths.find({ where: { userId }, order: { createdAt: 'DESC', id: 'ASC' } });
    const removed = await this.removedCourses.among(rows.flatMap((row) => row.courses.map((course) => course.courseId)));
    const progress = await this.progressOverview.learningPathProgress(userId, rows);
    return { items: rows.map((row) => ({ ...toLearningPath(row, removed), progress: progress.get(row.id) })) };
  }

  async get(caller: Caller, { id }: LearningPathRequest): Promise<LearningPath> {
    return this.present(await this.pathOrNotFound(readableBy(caller, id)));
  }

  /**
   * The learner's decision on the proposal, a new weekly budget, a swap or a new order. A swap or an
   * order is checked against the path as the learner saw it; then the gaps are measured again at the
   * learner's levels of now (a self-assessment, a course completed). Accepting the proposal re-plans the
   * courses for 12 months at the proposed hours (the courses the learner has started or completed stay,
   * first and in their order); new hours fit the learner's own courses (order and swaps kept) and next
   * year's gaps into 12 months again; anything else re-dates the courses as they stand, moving what no
   * longer fits to next year. Nothing is written unless every change is valid.
   */
  async update(caller: Caller, { id, changes }: UpdateLearningPathRequest): Promise<LearningPath> {
    const record = await this.pathOrNotFound(changeableBy(caller, id));
    let chosen = record.courses.map((course) => chosenFromPath(course, record.gaps));
    if (changes.swap) chosen = await this.swapCourse(record, chosen, changes.swap);
    if (changes.courseOrder) chosen = reorder(chosen, changes.courseOrder);
    const today = await this.skillGaps.gapsToday(record, chosen, new Set(record.nextYear.skills.map(skillKey)));
    record.gaps = today.gaps;
    // The same hours sent again (the gap view re-plans after a self-assessment) keep the learner's order.
    const newHours = changes.weeklyHours !== undefined && (changes.weeklyHours !== record.weeklyHours || changes.decision !== undefined);
    if (changes.decision === 'accept-proposal') {
      if (record.fit.proposedWeeklyHours === null) throw rpcError(400, NO_PROPOSAL_MESSAGE);
      await this.replan(record, record.fit.proposedWeeklyHours, 'accepted-proposal');
    } else if (newHours) {
      await this.replan(record, changes.weeklyHours as number, changes.decision === 'keep-budget' ? 'kept-budget' : 'changed-hours', today.chosen);
    } else {
      if (changes.decision === 'keep-budget') record.fit = { ...record.fit, choice: 'kept-budget' };
      await this.redate(record, today.chosen);
    }
    return this.present(await this.paths.save(record));
  }

  /** Dates the courses in the order given within 12 months at the path's hours; what no longer fits waits for next year. */
  private async redate(record: LearningPathRecord, chosen: ChosenCourse[]): Promise<void> {
    const open = new Set(record.gaps.map((gap) => skillKey(gap.skill)));
    // Next year's courses keep only the gaps still open: one for a gap the learner now holds leaves.
    const waiting = record.nextYear.courses
      .map((course) => ({ ...course, covers: course.covers.filter((skill) => open.has(skillKey(skill))) }))
      .filter((course) => course.covers.length > 0);
    const schedule = scheduleWithinYear(
      {
        chosen,
        gaps: record.gaps,
        weeklyHours: record.weeklyHours,
        startDate: new Date(`${record.startDate}T00:00:00Z`),
        nextYear: { ...record.nextYear, courses: waiting },
        pinnedIds: await this.progressOverview.startedCourseIds(record.userId, chosen.map(({ course }) => course.id)),
      },
      this.planning,
    );
    const covered = new Set(chosen.flatMap((choice) => choice.covers.map(skillKey)));
    record.courses = schedule.courses;
    record.milestones = schedule.milestones;
    record.totalHours = schedule.totalHours;
    record.monthsNeeded = schedule.monthsNeeded;
    record.nextYear = schedule.nextYear;
    record.uncoveredSkills = record.gaps
      .filter((gap) => !covered.has(skillKey(gap.skill)) && !schedule.nextYear.skills.includes(gap.skill))
      .map((gap) => gap.skill);
  }

  /**
   * Plans the path again for 12 months at `weeklyHours`, keeping the courses the learner has opened.
   * With `kept` (new hours on the learner's courses), those courses, swaps included, keep their order
   * (opened ones first) and their gaps; only next year's gaps, and those of unopened courses the catalog
   * no longer has, get courses chosen afresh.
   */
  private async replan(record: LearningPathRecord, weeklyHours: number, choice: PlanChoice, kept?: ChosenCourse[]): Promise<void> {
    const own = kept ?? record.courses.map((course) => chosenFromPath(course, record.gaps));
    const startedIds = await this.progressOverview.startedCourseIds(
      record.userId,
      own.map(({ course }) => course.id),
    );
    const pinned = own.filter(({ course }) => startedIds.has(course.id));
    // A course the catalog no longer has stays only if started; its gaps get a course of the catalog.
    const removed = kept ? await this.removedCourses.among(kept.map(({ course }) => course.id)) : new Set<string>();
    const candidates = await this.candidates.find(record.gaps.map((gap) => gap.skill));
    const plan = planLearningPath(
      {
        gaps: record.gaps,
        candidates,
        weeklyHours,
        startDate: new Date(`${record.startDate}T00:00:00Z`),
        pinned,
        kept: kept?.filter(({ course }) => !startedIds.has(course.id) && !removed.has(course.id)),
      },
      this.planning,
    );
    if (kept) plan.nextYear = keepingLeftForLater(plan.nextYear, record.nextYear, new Set(plan.courses.map((course) => course.courseId)));
    Object.assign(record, { weeklyHours, ...planFields(plan, choice) });
  }

  /** The path as the learner sees it: courses deleted from the catalog since are marked removed. */
  private async present(record: LearningPathRecord): Promise<LearningPath> {
    return toLearningPath(record, await this.removedCourses.among(record.courses.map((course) => course.courseId)));
  }

  async delete(caller: Caller, { id }: LearningPathRequest): Promise<DeleteLearningPathReply> {
    const result = await this.paths.delete(readableBy(caller, id));
    if (!result.affected) throw rpcError(404, LEARNING_PATH_NOT_FOUND_MESSAGE);
    return { deleted: true, id };
  }

  /** A path the caller may address (see path-ownership.ts): another learner's is as absent as a deleted one. */
  private async pathOrNotFound(where: FindOptionsWhere<LearningPathRecord>): Promise<LearningPathRecord> {
    const record = await this.paths.findOneBy(where);
    if (!record) throw rpcError(404, LEARNING_PATH_NOT_FOUND_MESSAGE);
    return record;
  }

  /** The replacement takes the swapped course's place and must close at least one of the same gaps. */
  private async swapCourse(
    record: LearningPathRecord,
    chosen: ChosenCourse[],
    swap: NonNullable<UpdateLearningPathBody['swap']>,
  ): Promise<ChosenCourse[]> {
    const position = chosen.findIndex((choice) => choice.course.id === swap.courseId);
    if (position < 0) throw rpcError(400, COURSE_NOT_IN_PATH_MESSAGE);
    if (chosen.some((choice) => choice.course.id === swap.replacementCourseId)) throw rpcError(400, COURSE_ALREADY_IN_PATH_MESSAGE);
    const candidates = await this.candidates.find(record.gaps.map((gap) => gap.skill));
    const replacement = candidates.find((course) => course.id === swap.replacementCourseId);
    const covers = replacement ? gapsCoveredBy(replacement, gapsWithinCatalogReach(record.gaps, candidates)).map((gap) => gap.skill) : [];
    const swappedCovers = new Set(chosen[position].covers.map(skillKey));
    if (!replacement || !covers.some((skill) => swappedCovers.has(skillKey(skill)))) {
      throw rpcError(400, REPLACEMENT_COVERS_NOTHING_MESSAGE);
    }
    return chosen.map((choice, index) => (index === position ? { course: replacement, covers } : choice));
  }
}

/** Puts the courses in the order given, which must name each of them exactly once. */
function reorder(chosen: ChosenCourse[], courseOrder: string[]): ChosenCourse[] {
  const byId = new Map(chosen.map((choice) => [choice.course.id, choice]));
  const ordered = courseOrder.map((id) => byId.get(id));
  if (new Set(courseOrder).size !== chosen.length || ordered.some((choice) => choice === undefined)) {
    throw rpcError(400, COURSE_ORDER_MISMATCH_MESSAGE);
  }
  return ordered as ChosenCourse[];
}

/** Nothing waits for next year: the plan fits 12 months at its budget. */
function fitsYear(plan: PlannedLearningPath): boolean {
  return plan.nextYear.skills.length === 0 && plan.nextYear.courses.length === 0;
}

function planFields(plan: PlannedLearningPath, choice: PlanChoice): Partial<LearningPathRecord> {
  return {
    courses: plan.courses,
    milestones: plan.milestones,
    uncoveredSkills: plan.uncoveredSkills,
    totalHours: plan.totalHours,
    monthsNeeded: plan.monthsNeeded,
    fit: { ...plan.fit, choice },
    nextYear: plan.nextYear,
  };
}

function toLearningPath(record: LearningPathRecord, removed: ReadonlySet<string> = new Set()): LearningPath {
  return {
    id: record.id,
    userId: record.userId,
    jobDescriptionId: record.jobDescriptionId,
    jobTitle: record.jobTitle,
    weeklyHours: record.weeklyHours,
    startDate: record.startDate,
    gaps: record.gaps,
    courses: record.courses.map((course) => (removed.has(course.courseId) ? { ...course, removed: true } : course)),
    milestones: record.milestones,
    uncoveredSkills: record.uncoveredSkills,
    totalHours: record.totalHours,
    monthsNeeded: record.monthsNeeded,
    fit: record.fit,
    nextYear: record.nextYear,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

function generatedEvent(path: LearningPathRecord): LearningPathGeneratedEvent {
  return {
    learningPathId: path.id,
    userId: path.userId,
    jobDescriptionId: path.jobDescriptionId,
    jobTitle: path.jobTitle,
    courseCount: path.courses.length,
    gapSkillCount: path.gaps.length,
    occurredAt: path.createdAt.toISOString(),
  };
}
