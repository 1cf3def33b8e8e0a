import { SIGN_IN_ERROR_CODES } from '@masar/contracts';
import en from '../../locales/en/shell.json';
import ar from '../../locales/ar/shell.json';
import { signInErrorMessageKey } from './sign-in-error';

describe('signInErrorMessageKey', () => {
  it("maps the gateway's code to its message, and anything else to the general one", () => {
    expect(signInErrorMessageKey(new URLSearchParams('signInError=wrong-audience'))).toBe('login.signInError.wrong-audience');
    expect(signInErrorMessageKey(new URLSearchParams('signInError=<b>you have been hacked</b>'))).toBe('login.signInError.sign-in-failed');
    expect(signInErrorMessageKey(new URLSearchParams('signInError='))).toBe('login.signInError.sign-in-failed');
    expect(signInErrorMessageKey(new URLSearchParams(''))).toBeNull();
  });

  it('has a message in English and in Arabic for every code the gateway sends', () => {
    for (const code of SIGN_IN_ERROR_CODES) {
      expect(en.login.signInError[code]).toBeTruthy();
      expect(ar.login.signInError[code]).toBeTruthy();
      expect(ar.login.signInError[code]).not.toBe(en.login.signInError[code]);
    }
  });
});
