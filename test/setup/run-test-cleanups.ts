// A setup file: vitest runs it before each test file, isolated or not, so this hook is registered in every file.
import { afterEach } from 'vitest';
import { runTestCleanups } from '../helpers/clean-up-after-test.js';

afterEach(runTestCleanups);
