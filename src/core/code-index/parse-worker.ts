import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { loadGrammar } from './load-grammars.js';
import { parseFile } from './parse-file.js';
import type { ParseTask, ParseReply, WarmTask } from './parse-pool.js';

/** Worker thread body: read and parse files on request, one at a time; load grammars ahead when asked. */
parentPort?.on('message', (task: ParseTask | WarmTask) => {
  if ('warm' in task) {
    // A grammar that fails to load here fails again, and is reported, with the first file that needs it.
    // secretlint's rules are not loaded ahead: the sniff before them (has-preset-hint) passes most source files
    // (none of the 35 files sympy's bench question picks), and loading them cost the worker 50-200 ms of CPU.
    for (const id of task.warm) void loadGrammar(id).catch(() => undefined);
    return;
  }
  void (async () => {
    let reply: ParseReply;
    try {
      const bytes = readFileSync(task.absolutePath);
      reply = { id: task.id, ok: true, json: JSON.stringify(await parseFile(task.path, bytes)), bytes: bytes.byteLength };
    } catch (error) {
      reply = { id: task.id, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    parentPort?.postMessage(reply);
  })();
});
