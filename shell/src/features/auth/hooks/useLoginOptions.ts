import { useEffect, useState } from 'react';
import { readAppConfig, SingleSignOn } from '../../remotes/remote-registry';

export interface LoginOptions {
  singleSignOn: SingleSignOn[];
  localPasswordsEnabled: boolean;
}

/** Until the runtime config answers (or when it cannot be read), the password form alone, as before. */
const PASSWORDS_ONLY: LoginOptions = { singleSignOn: [], localPasswordsEnabled: true };

/** How this deployment signs people in, from the gateway's runtime config. */
export function useLoginOptions(): LoginOptions {
  const [options, setOptions] = useState<LoginOptions>(PASSWORDS_ONLY);
  useEffect(() => {
    let current = true;
    readAppConfig().then(
      (config) => current && setOptions({ singleSignOn: config.singleSignOn, localPasswordsEnabled: config.localPasswordsEnabled }),
      () => current && setOptions(PASSWORDS_ONLY),
    );
    return () => {
      current = false;
    };
  }, []);
  return options;
}
