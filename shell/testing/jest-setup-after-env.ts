import { releaseTestStores } from './render';

afterEach(() => releaseTestStores());
