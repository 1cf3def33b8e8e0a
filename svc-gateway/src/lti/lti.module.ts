import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CoursesModule } from '../courses/courses.module';
import { IdentityModule } from '../identity/identity.module';
import { ProgressModule } from '../progress/progress.module';
import { LtiLineItems } from './lti-line-items';
import { LtiDeepLinkingService } from './lti-deep-linking.service';
import { LtiController } from './lti.controller';
import { LtiLaunchService } from './lti-launch.service';
import { ToolKey } from './tool-key';

/** Masar as an LTI 1.3 tool (issue 18 section 3): login, launch, deep linking, grade passback, keys, registration. */
@Module({
  imports: [AuthModule, IdentityModule, CoursesModule, ProgressModule],
  controllers: [LtiController],
  providers: [ToolKey, LtiLaunchService, LtiDeepLinkingService, LtiLineItems],
})
export class LtiModule {}
