import { describeServiceApp } from '@nomadswap/service-kit/testing-app';
import { buildApp } from '../src/app';
import { createMessagingTestEnv } from './support/messaging-test-env';

describeServiceApp('messaging', { createEnv: () => createMessagingTestEnv(), buildApp });
