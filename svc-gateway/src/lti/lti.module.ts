import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { IdentityModule } from '../identity/identity.module';
import { LtiController } from './lti.controller';
import { LtiLaunchService } from './lti-launch.service';
import { ToolKey } from './tool-key';

/** Masar as an LTI 1.3 tool (issue 18 section 3): login, launch, keys, registration. */
@Module({
  imports: [AuthModule, IdentityModule],
  controllers: [LtiController],
  providers: [ToolKey, LtiLaunchService],
})
export class LtiModule {}
