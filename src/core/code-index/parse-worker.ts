import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { parseFile } from './parse-file.js';
import type { ParseTask, ParseReply } from './parse-pool.js';

/** Worker thread body: read and parse files on request, one at a time. */
parentPort?.on('message', (task: ParseTask) => {
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
