// globalSetup of the tests that start the shipped entries (vitest.config.ts): dist/ is built once, before them, when a
// source is newer than it. In a test, a build (208 s once on a loaded 2-core machine) ran past the test's timeout.
import { buildDistIfStale } from '../helpers/build-dist.js';

export default async function buildDist(): Promise<void> {
  await buildDistIfStale();
}
