import { createUnauthorizedHandler, LOGIN_REDIRECT_PATH } from './unauthorized';

describe('the unauthorized handler', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("shows 'Unauthorized' and goes to the login entry 500 ms later, once", () => {
    const toast = jest.fn();
    const redirect = jest.fn();
    const handleUnauthorized = createUnauthorizedHandler({ toast, redirect });

    handleUnauthorized();
    handleUnauthorized(); // a second failing call in the same moment

    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({
      kind: 'error',
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
    });
    jest.advanceTimersByTime(499);
    expect(redirect).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(redirect).toHaveBeenCalledWith(LOGIN_REDIRECT_PATH);
  });
});
