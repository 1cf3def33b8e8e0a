import { IncompatibleRemoteError } from './incompatible-remote';
import { compatibleManifest, declarationUrl, type JsonReader, type RemoteDeclaration, unmetRequirements } from './remote-compatibility';

// What the webpack config states this shell provides and what a remote built beside it declares.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's own CommonJS config
const { runtimeVersions } = require('../../../webpack/create-webpack-config') as { runtimeVersions: () => Record<string, string> };

const SHELL: Record<string, string> = { react: '19.3.1', antd: '6.6.8', '@masar/shell/runtime': '0.1.0', '@masar/contracts': '0.1.0' };
const BASE = 'https://masar.example.com/courses';

function declaration(version: string, requires: Record<string, string>): RemoteDeclaration {
  return { name: 'mf_courses', version, requires };
}

/** The gateway's files: each masar-remote.json by its URL; anything else answers 404 (null). */
function filesOf(files: Record<string, unknown>): JsonReader {
  return async (url) => files[url] ?? null;
}

const CURRENT = '/remotes/mf-courses/1.5.0/mf-manifest.json';
const LAST_GOOD = '/remotes/mf-courses/1.4.2/mf-manifest.json';
const FITS = declaration('1.4.2', { react: '^19.2.0', '@masar/shell/runtime': '^0.1.0', '@masar/contracts': '^0.1.0' });
/** Built against a shell runtime 0.2 and antd 7 this shell does not have. */
const BUILT_FOR_A_NEWER_SHELL = declaration('1.5.0', { react: '^19.2.0', antd: '^7.0.0', '@masar/shell/runtime': '^0.2.0' });

describe('remote compatibility', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('finds masar-remote.json beside the manifest, on this origin or another', () => {
    expect(declarationUrl(CURRENT, BASE)).toBe('https://masar.example.com/remotes/mf-courses/1.5.0/masar-remote.json');
    expect(declarationUrl('https://cdn.example.com/courses/2.0.0/mf-manifest.json', BASE)).toBe('https://cdn.example.com/courses/2.0.0/masar-remote.json');
  });

  it('names each range the shell does not meet, and a package it does not provide', () => {
    expect(unmetRequirements(FITS, SHELL)).toEqual([]);
    expect(unmetRequirements(BUILT_FOR_A_NEWER_SHELL, SHELL)).toEqual([
      { dependency: 'antd', required: '^7.0.0', provided: '6.6.8' },
      { dependency: '@masar/shell/runtime', required: '^0.2.0', provided: '0.1.0' },
    ]);
    expect(unmetRequirements(declaration('1.0.0', { 'react-query': '^5.0.0' }), SHELL)).toEqual([{ dependency: 'react-query', required: '^5.0.0', provided: null }]);
  });

  it('loads the configured version when it fits', async () => {
    const files = filesOf({ [declarationUrl(CURRENT, BASE)]: FITS });
    await expect(compatibleManifest('mf_courses', CURRENT, LAST_GOOD, { provided: SHELL, readJson: files, base: BASE })).resolves.toBe(CURRENT);
  });

  it('refuses a remote built for another shell, saying what it needs', async () => {
    const files = filesOf({ [declarationUrl(CURRENT, BASE)]: BUILT_FOR_A_NEWER_SHELL });
    const refusal = compatibleManifest('mf_courses', CURRENT, undefined, { provided: SHELL, readJson: files, base: BASE });
    await expect(refusal).rejects.toThrow(IncompatibleRemoteError);
    await expect(refusal).rejects.toThrow(
      'mf_courses 1.5.0 is incompatible with this shell: needs antd ^7.0.0, the shell has 6.6.8, needs @masar/shell/runtime ^0.2.0, the shell has 0.1.0',
    );
  });

  it('falls back to the last good version when the configured one does not fit', async () => {
    const files = filesOf({ [declarationUrl(CURRENT, BASE)]: BUILT_FOR_A_NEWER_SHELL, [declarationUrl(LAST_GOOD, BASE)]: FITS });
    await expect(compatibleManifest('mf_courses', CURRENT, LAST_GOOD, { provided: SHELL, readJson: files, base: BASE })).resolves.toBe(LAST_GOOD);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('mf_courses 1.5.0 is incompatible'), `: loading its last good version from ${LAST_GOOD}`);
  });

  it('refuses both when the last good version does not fit either, and a remote that declares nothing', async () => {
    const files = filesOf({ [declarationUrl(CURRENT, BASE)]: BUILT_FOR_A_NEWER_SHELL });
    const error = await compatibleManifest('mf_courses', CURRENT, LAST_GOOD, { provided: SHELL, readJson: files, base: BASE }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IncompatibleRemoteError);
    expect((error as IncompatibleRemoteError).fallback).toEqual({ version: null, unmet: [] });
    expect((error as Error).message).toContain('its last good version (no masar-remote.json) too: it declares no compatible ranges');
  });

  it('passes a remote built beside this shell: what the build declares, the shell provides', () => {
    const built = runtimeVersions();
    const declared = declaration('0.1.0', Object.fromEntries(Object.entries(built).map(([dependency, version]) => [dependency, `^${version}`])));
    expect(Object.keys(declared.requires)).toEqual(expect.arrayContaining(['react', 'antd', 'react-redux', 'i18next', '@masar/shell/runtime', '@masar/contracts']));
    expect(unmetRequirements(declared, built)).toEqual([]);
  });
});
