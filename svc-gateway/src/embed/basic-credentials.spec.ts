import { basicCredentials } from './basic-credentials';

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('HTTP Basic credentials', () => {
  it('reads the client id and a secret that may itself hold colons', () => {
    expect(basicCredentials(basic('masar-embed-1:se:cret'))).toEqual({ id: 'masar-embed-1', secret: 'se:cret' });
  });

  it('refuses missing, blank or unreadable credentials', () => {
    for (const header of [undefined, '', 'Bearer abc', 'Basic', 'Basic !!!', basic('no-colon'), basic(':secret'), basic('id:')]) {
      expect(basicCredentials(header)).toBeNull();
    }
  });
});
