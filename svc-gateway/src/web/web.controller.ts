import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { GATEWAY_CONFIG, GatewayConfig, RemoteName } from '../config';
import { SAML_LOGIN_PATH } from '../sso/saml.controller';

export interface AppConfig {
  /** Each remote's `mf-manifest.json` URL: the shell loads the remotes from these at runtime. */
  remotes: Record<RemoteName, string>;
  /** The last good version's manifest, for the remotes that have one: the shell loads it when the configured one is incompatible. */
  remoteFallbacks: Partial<Record<RemoteName, string>>;
  /** The demo learner's sign-in, shown on the login screen; null when the deployment hides it. */
  demoCredentials: { username: string; password: string } | null;
  /** The login screen's "Sign in with <organisation>" buttons, one per configured provider (OIDC first); empty without single sign-on. */
  singleSignOn: { displayName: string; loginUrl: string }[];
  /** False: the login screen offers only single sign-on. */
  localPasswordsEnabled: boolean;
  /** The origins that may frame /embed/* pages: a frame talks only to a hostOrigin among these. */
  embed: { allowedOrigins: string[] };
}

/** Where the login buttons send the browser (OidcController, SamlController). */
export const OIDC_LOGIN_PATH = '/api/auth/oidc/login';

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
        remoteFallbacks: { type: 'object', additionalProperties: { type: 'string' } },
        demoCredentials: {
          type: 'object',
          nullable: true,
          properties: { username: { type: 'string' }, password: { type: 'string' } },
        },
        singleSignOn: {
          type: 'array',
          items: { type: 'object', properties: { displayName: { type: 'string' }, loginUrl: { type: 'string' } } },
        },
        localPasswordsEnabled: { type: 'boolean' },
        embed: { type: 'object', properties: { allowedOrigins: { type: 'array', items: { type: 'string' } } } },
      },
    },
  })
  appConfig(): AppConfig {
    const { oidc, saml, localPasswordsEnabled } = this.config;
    return {
      remotes: this.config.web.manifestUrls,
      remoteFallbacks: this.config.web.fallbackManifestUrls,
      // Without local passwords there is no demo sign-in to show either.
      demoCredentials: localPasswordsEnabled ? this.config.web.demoCredentials : null,
      singleSignOn: [
        ...(oidc ? [{ displayName: oidc.displayName, loginUrl: OIDC_LOGIN_PATH }] : []),
        ...(saml ? [{ displayName: saml.displayName, loginUrl: SAML_LOGIN_PATH }] : []),
      ],
      localPasswordsEnabled,
      embed: { allowedOrigins: this.config.embed.allowedOrigins },
    };
  }
}
