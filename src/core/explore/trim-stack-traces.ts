/**
 * A stack trace pasted into a bug report names the whole call path, and
 * every crash report of a project shares the same outer frames (the main
 * loop, the walker, the dispatcher). The code to change is almost always
 * near where the error surfaced: the innermost frames. `trimStackTraces`
 * keeps the innermost `keep` frames of each trace (the last ones of a Python
 * traceback, the first ones of a JavaScript, Java or Go trace) and drops the
 * other frames, so the shared driver frames do not outweigh the report's own
 * words. Text outside traces is returned unchanged. Pure.
 */

const PYTHON_FRAME = /^(\s*)File "[^"]+", line \d+/;
const AT_FRAME = /^\s*at\s+\S.*(?:\(.*:\d+(?::\d+)?\)|:\d+(?::\d+)?\s*$)/;
/** Code lines a frame shows: the source line, a `^^^^` marker, a `[Previous line repeated]` note. */
const MAX_FRAME_LINES = 4;
const REPEATED = /^\s*\[Previous line repeated \d+ more times?\]\s*$/;
/** IPython's frames: `~/lib/sympy/core/expr.py in __gt__(self, other)` then numbered source lines, then a blank line. */
const IPYTHON_FRAME = /^(?:~|\/|[A-Za-z]:\\|<ipython-input)\S*\s+in\s+[\w<>.]+\(/;

export function trimStackTraces(text: string, keep = 2): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const python = PYTHON_FRAME.exec(line);
    if (python) {
      // A run of Python frames: each is its `File` line plus the code lines up to the next frame
      // (indentation is often lost when a trace is pasted, so the next `File` line ends a frame).
      const frames: string[][] = [];
      while (i < lines.length && PYTHON_FRAME.test(lines[i]!)) {
        const frame = [lines[i++]!];
        let next = i;
        while (next < lines.length && next - i < MAX_FRAME_LINES && !PYTHON_FRAME.test(lines[next]!)) next += 1;
        if (next < lines.length && PYTHON_FRAME.test(lines[next]!)) {
          frame.push(...lines.slice(i, next).filter((l) => !REPEATED.test(l)));
          i = next;
        } else {
          // The innermost frame: its code lines are the more indented ones (or the first line, if the indentation was lost).
          const indent = python[1]!.length;
          while (i < lines.length && lines[i]!.trim() !== '' && lineIndent(lines[i]!) > indent) frame.push(lines[i++]!);
        }
        frames.push(frame);
      }
      out.push(...frames.slice(-keep).flat());
      continue;
    }
    if (IPYTHON_FRAME.test(line)) {
      const frames: string[][] = [];
      while (i < lines.length && IPYTHON_FRAME.test(lines[i]!)) {
        const frame = [lines[i++]!];
        while (i < lines.length && lines[i]!.trim() !== '') frame.push(lines[i++]!);
        frames.push(frame);
        // Frames are separated by one blank line; the trace ends at the first line that starts no frame.
        if (i + 1 < lines.length && lines[i]!.trim() === '' && IPYTHON_FRAME.test(lines[i + 1]!)) i += 1;
      }
      out.push(...frames.slice(-keep).flatMap((f) => [...f, '']));
      continue;
    }
    if (AT_FRAME.test(line)) {
      const frames: string[] = [];
      while (i < lines.length && AT_FRAME.test(lines[i]!)) frames.push(lines[i++]!);
      out.push(...frames.slice(0, keep));
      continue;
    }
    out.push(line);
    i += 1;
  }
  return out.join('\n');
}

function lineIndent(line: string): number {
  return line.length - line.trimStart().length;
}
