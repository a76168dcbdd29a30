#!/usr/bin/env node
// The package ships TypeScript sources; register tsx so the CLI runs them directly (no build step).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
