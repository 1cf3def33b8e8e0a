/** Test helpers shared by the shell and the remotes (`@masar/shell/testing`). */
export { findLocaleProblems } from './locale-parity';
export { buildUser } from './user.factory';
export { renderWithMasar, createTestStore, createTestStoreFor, jsonResponse, TEST_API_BASE_URL, type RenderOptions } from './render';
export { stubGateway, never, type StubHandler, type RecordedCall } from './stub-gateway';
