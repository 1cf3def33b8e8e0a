import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Logger } from 'pino';
import { IDENTITY_CONFIG, IdentityConfig } from '../config';
import { LOGGER } from '@masar/contracts/service-kit';
import { UsersService } from './users.service';

/**
 * Creates the configured admin and (unless production says otherwise) the demo learner on first
 * start. Runs during app init, which Nest completes before the microservice starts listening, and
 * after the migrations (bootstrap runs those before the app is even created).
 */
@Injectable()
export class UsersSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly users: UsersService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { admin, demo } = this.config;
    const adminCreated = await this.users.ensureAccount(admin, 'admin', { mustChangePassword: admin.passwordGenerated });
    if (adminCreated && admin.passwordGenerated) {
      // The only place this password ever appears: the account was created just now, and it must be changed at first sign-in.
      this.logger.warn(
        { admin: admin.username, generatedAdminPassword: admin.password },
        'ADMIN_PASSWORD was not set: the first admin got this generated password, shown once; sign in and choose a new one',
      );
    }
    const demoCreated = this.config.seedDemoLearner ? await this.users.ensureAccount(demo, 'learner') : false;
    this.logger.info(
      { admin: admin.username, adminCreated, demo: this.config.seedDemoLearner ? demo.username : null, demoCreated },
      'seeded accounts checked',
    );
  }
}
