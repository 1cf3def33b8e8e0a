import { z } from 'zod';

/**
 * `GET /api/lti/registration` (admins): what an LMS administrator pastes to register Masar as an
 * LTI 1.3 tool, and the LMSs registered in LTI_PLATFORMS. 404 where LTI is not configured.
 */
export const ltiRegistrationSchema = z.object({
  loginUrl: z.string(),
  launchUrl: z.string(),
  jwksUrl: z.string(),
  deepLinkingUrl: z.string(),
  platforms: z.array(
    z.object({
      name: z.string().nullable(),
      issuer: z.string(),
      clientId: z.string(),
      deploymentIds: z.array(z.string()),
    }),
  ),
});
export type LtiRegistration = z.infer<typeof ltiRegistrationSchema>;
