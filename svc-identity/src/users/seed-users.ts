import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Logger } from 'pino';
import { IDENTITY_CONFIG, IdentityConfig } from '../config';
import { LOGGER } from '../logging/logger';
import { UsersService } from './users.service';

/**
 * Creates the configured admin and demo learner on first start. Runs during app init,
 * which Nest completes before the microservice starts listening, and after the
 * migrations (bootstrap runs those before the app is even created).
 */
@Injectable()
export class UsersSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly users: UsersService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const adminCreated = await this.users.ensureAccount(this.config.admin, 'admin');
    const demoCreated = await this.users.ensureAccount(this.config.demo, 'learner');
    this.logger.info(
      { admin: this.config.admin.username, adminCreated, demo: this.config.demo.username, demoCreated },
      'seeded accounts checked',
    );
  }
}
