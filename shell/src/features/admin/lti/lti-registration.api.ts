import type { LtiRegistration } from '@masar/contracts';
import { baseApi } from '../../../runtime/api/base-api';

/** The LTI 1.3 registration URLs (`/api/lti/registration`, admins), shown in the shell's admin area. */
export const ltiRegistrationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLtiRegistration: build.query<LtiRegistration, void>({
      query: () => ({ url: '/lti/registration' }),
    }),
  }),
});

export const { useGetLtiRegistrationQuery } = ltiRegistrationApi;
