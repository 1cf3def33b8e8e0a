import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CoursesModule } from '../courses/courses.module';
import { IdentityModule } from '../identity/identity.module';
import { LtiDeepLinkingService } from './lti-deep-linking.service';
import { LtiController } from './lti.controller';
import { LtiLaunchService } from './lti-launch.service';
import { ToolKey } from './tool-key';

/** Masar as an LTI 1.3 tool (issue 18 section 3): login, launch, deep linking, keys, registration. */
@Module({
  imports: [AuthModule, IdentityModule, CoursesModule],
  controllers: [LtiController],
  providers: [ToolKey, LtiLaunchService, LtiDeepLinkingService],
})
export class LtiModule {}
