import { COURSES_QUEUES } from '@masar/contracts';
import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentTaskWorkers } from './agent-task-worker';
import { AgentTasksHandlers } from './agent-tasks.handlers';
import { AgentTasksService } from './agent-tasks.service';
import { AgentTask } from './entities/agent-task.entity';
import { AGENT_TASK_LOCK_MS, AGENT_TASK_STALLED_CHECK_MS, AgentTasksProcessor } from './queue/agent-tasks.processor';

/** Agent tasks: their rows, their queue and its processor; each task type's domain registers its worker. */
@Module({
  imports: [
    TypeOrmModule.forFeature([AgentTask]),
    BullModule.registerQueue({
      name: COURSES_QUEUES.AGENT_TASKS,
      settings: { lockDuration: AGENT_TASK_LOCK_MS, stalledInterval: AGENT_TASK_STALLED_CHECK_MS },
    }),
  ],
  controllers: [AgentTasksHandlers],
  providers: [AgentTasksService, AgentTaskWorkers, AgentTasksProcessor],
  exports: [AgentTasksService, AgentTaskWorkers, TypeOrmModule],
})
export class AgentTasksModule {}
