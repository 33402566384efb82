import { closeSync, createWriteStream, mkdirSync, openSync, readSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate } from 'node:timers/promises';
import type { ReadableStream } from 'node:stream/web';
import { Parser, type ReadEntry } from 'tar';
import { findPathSkipReason, isValidRepoPath, NanodexError, type SkippedFile, type UnpackedFile } from '../core/index.js';

export interface ExtractTarballOptions {
  /** Cap on the bytes streamed from GitHub (the gzip archive). */
  maxBytes: number;
  /** Cap on the bytes written out; default 10x maxBytes (source gzips 4-8x; a gzip bomb does not fit). */
  maxExtractedBytes?: number;
  /** Files bigger than this are not written (they would be skipped as 'too-large' anyway). */
  maxFileBytes: number;
  /** Called with each chunk's size as it arrives, for byte accounting. */
  onBytes: (bytes: number) => void;
  label: string;
}

export interface ExtractedTarball {
  dir: string;
  /** Bytes streamed from GitHub. */
  bytes: number;
  /** Entries not written: secrets, symlinks, files over the size cap. LocalRepoSource never sees them. */
  skipped: SkippedFile[];
  /** The files written, repo paths with their sizes, in the archive's order: the tree listed without reading it. */
  files: UnpackedFile[];
}

const EXTRACTED_BYTES_FACTOR = 10;
/** The archive is read this many bytes at a time. */
const READ_CHUNK = 1024 * 1024;
const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);

/**
 * Opens the body (only once the destination is known to be usable), streams a GitHub tarball to disk and unpacks it into `destDir` without the
 * top folder (`owner-repo-sha/`). Everything happens in a temporary folder
 * beside `destDir`, renamed into place only when complete; on any failure the
 * temporary folder is removed, so `destDir` is either whole or absent.
 */
export async function extractTarball(
  openBody: () => Promise<ReadableStream<Uint8Array>>,
  destDir: string,
  options: ExtractTarballOptions,
): Promise<ExtractedTarball> {
  const dest = path.resolve(destDir);
  const destIsEmptyDir = await checkDestination(dest); // before a byte is downloaded
  await mkdir(path.dirname(dest), { recursive: true });
  const temp = await mkdtemp(path.join(path.dirname(dest), `.${path.basename(dest)}.partial-`));
  try {
    const archive = path.join(temp, 'archive.tar.gz');
    const bytes = await download(await openBody(), archive, options);
    const tree = path.join(temp, 'tree');
    await mkdir(tree);
    const { skipped, files } = await unpack(archive, tree, options);
    if (destIsEmptyDir) await rmdir(dest);
    await rename(tree, dest);
    return { dir: dest, bytes, skipped, files };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

async function checkDestination(dest: string): Promise<boolean> {
  let names: string[];
  try {
    names = await readdir(dest);
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return false;
    throw new NanodexError('destination-unusable', `cannot use ${dest} for the tarball`, { cause: error });
  }
  if (names.length > 0) {
    throw new NanodexError('destination-exists', `${dest} already exists and is not empty`, {
      hint: 'extract into a new folder, or remove the old one first',
    });
  }
  return true;
}

async function download(body: ReadableStream<Uint8Array>, file: string, options: ExtractTarballOptions): Promise<number> {
  let streamed = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      streamed += chunk.byteLength;
      options.onBytes(chunk.byteLength);
      if (streamed > options.maxBytes) {
        callback(
          new NanodexError('tarball-too-large', `the tarball of ${options.label} is over ${options.maxBytes} bytes; download stopped`, {
            hint: 'raise the byte budget, or read the repository file by file through the API',
          }),
        );
      } else {
        callback(null, chunk);
      }
    },
  });
  // pipeline destroys the source on error, which cancels the HTTP body: no more bytes are pulled.
  await pipeline(Readable.fromWeb(body), cap, createWriteStream(file));
  return streamed;
}

async function unpack(
  archive: string,
  tree: string,
  options: ExtractTarballOptions,
): Promise<{ skipped: SkippedFile[]; files: UnpackedFile[] }> {
  const maxExtracted = options.maxExtractedBytes ?? options.maxBytes * EXTRACTED_BYTES_FACTOR;
  const skipped: SkippedFile[] = [];
  let written = 0;
  let overCap = false;
  const filter = (entryPath: string, entry: unknown): boolean => {
    const relative = entryPath.split('/').slice(1).join('/');
    if (relative === '' || relative === '/') return true; // the top folder itself; `strip` drops it
    if (!isValidRepoPath(relative)) return false;
    const { type, size } = entry as ReadEntry;
    if (type === 'Directory') return true;
    if (type === 'SymbolicLink') skipped.push({ path: relative.replace(/\/$/, ''), reason: 'symlink' });
    if (!FILE_TYPES.has(type)) return false; // links, devices, fifos: nothing a source tree needs
    if (findPathSkipReason(relative) === 'secret') {
      skipped.push({ path: relative, reason: 'secret' });
      return false;
    }
    if (size > options.maxFileBytes) {
      skipped.push({ path: relative, reason: 'too-large' });
      return false;
    }
    written += size;
    if (written > maxExtracted) overCap = true;
    return !overCap;
  };
  let files: UnpackedFile[];
  try {
    files = await writeEntries(archive, tree, filter);
  } catch (error) {
    throw new NanodexError('tarball-unreadable', `the tarball of ${options.label} could not be unpacked`, { cause: error });
  }
  if (overCap) {
    throw new NanodexError('tarball-too-large', `the tarball of ${options.label} unpacks to more than ${maxExtracted} bytes`, {
      hint: 'raise the byte budget, or read the repository file by file through the API',
    });
  }
  return { skipped, files };
}

/**
 * Writes the archive's kept files under `tree` (a new, empty folder) without
 * the top folder, in one pass of synchronous writes: no file is there to check or
 * replace, no symlink is written, and each path is a valid repo path, so the
 * checks `tar.extract` makes per entry (an lstat each, a chmod, a utimes) are
 * not needed. sympy's 2,087 files: 4.3 s wall and 2.2 s CPU through
 * `extract` on a loaded machine, most of the App's cold mention. Modes are
 * 0644, or 0755 for an executable; owners are this process's.
 */
async function writeEntries(
  archive: string,
  tree: string,
  keep: (entryPath: string, entry: ReadEntry) => boolean,
): Promise<UnpackedFile[]> {
  const made = new Set<string>([tree]);
  const written: UnpackedFile[] = [];
  let failure: unknown;
  const parser = new Parser({ strict: true });
  parser.on('error', (error: unknown) => (failure ??= error));
  parser.on('entry', (entry: ReadEntry) => {
    const relative = entry.path.split('/').slice(1).join('/');
    if (failure !== undefined || entry.type === 'Directory' || !keep(entry.path, entry)) return entry.resume();
    const chunks: Buffer[] = [];
    entry.on('data', (chunk: Buffer) => chunks.push(chunk));
    entry.on('end', () => {
      try {
        const file = path.join(tree, ...relative.split('/'));
        const dir = path.dirname(file);
        if (!made.has(dir)) mkdirSync(dir, { recursive: true });
        made.add(dir);
        const bytes = Buffer.concat(chunks);
        writeFileSync(file, bytes, { mode: (entry.mode ?? 0) & 0o111 ? 0o755 : 0o644 });
        written.push({ path: relative, size: bytes.byteLength });
      } catch (error) {
        failure ??= error;
      }
    });
  });
  // Fed a chunk at a time (the archive may be hundreds of MB); the parser and its gunzip work synchronously,
  // and the event loop gets a turn between chunks (the App acknowledges other deliveries meanwhile).
  const fd = openSync(archive, 'r');
  try {
    for (;;) {
      const chunk = Buffer.allocUnsafe(READ_CHUNK);
      const read = readSync(fd, chunk, 0, READ_CHUNK, null);
      if (read === 0 || failure !== undefined) break;
      parser.write(chunk.subarray(0, read));
      await setImmediate();
    }
  } finally {
    closeSync(fd);
  }
  parser.end();
  if (failure !== undefined) throw failure;
  return written;
}
