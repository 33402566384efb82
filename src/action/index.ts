import { run } from './run.js';

await run();
// Past a deadline, stuck work (a call that never returns) may still hold the event loop: the step is over.
process.exit();
