import { describeServiceApp } from '@nomadswap/service-kit/testing-app';
import { buildApp } from '../src/app';
import { createItemsTestEnv } from './support/items-test-env';

describeServiceApp('items', { createEnv: () => createItemsTestEnv({ worker: false }), buildApp });
