import { describeServiceApp } from '@nomadswap/service-kit/testing-app';
import { buildApp } from '../src/app';
import { createModerationTestEnv } from './support/moderation-test-env';

describeServiceApp('moderation', { createEnv: () => createModerationTestEnv(), buildApp });
