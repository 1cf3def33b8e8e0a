import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { GATEWAY_CONFIG, GatewayConfig, RemoteName } from '../config';

export interface AppConfig {
  /** Each remote's `mf-manifest.json` URL: the shell loads the remotes from these at runtime. */
  remotes: Record<RemoteName, string>;
  /** The demo learner's sign-in, shown on the login screen; null when the deployment hides it. */
  demoCredentials: { username: string; password: string } | null;
}

@ApiTags('web')
@Controller()
export class WebController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  /** Read by the shell at start, so a remote can move or be redeployed without rebuilding the shell. */
  @Public()
  @Get('app-config.json')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Runtime configuration of the shell: where each remote manifest lives, the demo sign-in' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        remotes: { type: 'object', additionalProperties: { type: 'string' } },
        demoCredentials: {
          type: 'object',
          nullable: true,
          properties: { username: { type: 'string' }, password: { type: 'string' } },
        },
      },
    },
  })
  appConfig(): AppConfig {
    return { remotes: this.config.web.manifestUrls, demoCredentials: this.config.web.demoCredentials };
  }
}
