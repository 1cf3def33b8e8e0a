import { masarOriginOf, readableToken, takeEarlyTokenProperty, takeTokenAttribute } from './element-token';

describe('the embed token a host hands a Masar custom element', () => {
  it('takes the token attribute off the element at once, so it never stays in the DOM', () => {
    const element = document.createElement('masar-skill-review');
    element.setAttribute('token', '  eyJ.one-time.token ');
    document.body.append(element);
    expect(takeTokenAttribute(element)).toBe('eyJ.one-time.token');
    expect(element.hasAttribute('token')).toBe(false);
    expect(document.body.innerHTML).not.toContain('eyJ');
    expect(takeTokenAttribute(element)).toBeNull();
    element.remove();
  });

  it('removes a blank-looking token attribute too, and reports no token', () => {
    const element = document.createElement('masar-learning-path');
    element.setAttribute('token', ' \t\n ');
    expect(takeTokenAttribute(element)).toBeNull();
    expect(element.hasAttribute('token')).toBe(false);
  });

  it('accepts only non-blank strings of a sane length', () => {
    expect(readableToken('abc')).toBe('abc');
    expect(readableToken('')).toBeNull();
    expect(readableToken('\u00a0 ')).toBeNull();
    expect(readableToken(42)).toBeNull();
    expect(readableToken({ toString: () => 'abc' })).toBeNull();
    expect(readableToken('x'.repeat(4097))).toBeNull();
  });

  it('takes a token property set before the element was defined, and leaves no own property behind', () => {
    const element = document.createElement('div') as HTMLElement & { token?: unknown };
    element.token = 'early.token';
    expect(takeEarlyTokenProperty(element)).toBe('early.token');
    expect(Object.prototype.hasOwnProperty.call(element, 'token')).toBe(false);
    expect(takeEarlyTokenProperty(element)).toBeNull();
  });

  it('sends the API calls to the origin the script came from', () => {
    expect(masarOriginOf('https://masar.example.com:8443/embed/masar.js?v=1')).toBe('https://masar.example.com:8443');
    expect(() => masarOriginOf(undefined)).toThrow('<script src=');
  });
});
