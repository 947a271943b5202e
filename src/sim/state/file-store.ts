// Where the server's files live: the request, status and response files of protocol §1.3 and the work
// queue. In memory by default; on disk with --state-dir, so a restarted simulator finds its queue and
// results as a restarted deployment does.

import * as fs from 'node:fs';
import * as path from 'node:path';

export interface FileInfo {
  /** Modification time in seconds, as Python's os.stat().st_mtime. */
  mtime: number;
  size: number;
}

export interface FileStore {
  write(name: string, text: string): void;
  /** The text, or undefined when the file does not exist. */
  read(name: string): string | undefined;
  stat(name: string): FileInfo | undefined;
  names(): string[];
  /** Gone, if it was there. */
  remove(name: string): void;
}

export class MemoryFileStore implements FileStore {
  private readonly files = new Map<string, { text: string; info: FileInfo }>();
  private lastMtime = 0;

  write(name: string, text: string): void {
    // Sub-millisecond and strictly increasing, so list_requests' mtime cursor never ties in memory.
    const now = (performance.timeOrigin + performance.now()) / 1000;
    this.lastMtime = Math.max(now, this.lastMtime + 1e-6);
    this.files.set(name, { text, info: { mtime: this.lastMtime, size: Buffer.byteLength(text) } });
  }

  read(name: string): string | undefined {
    return this.files.get(name)?.text;
  }

  stat(name: string): FileInfo | undefined {
    return this.files.get(name)?.info;
  }

  names(): string[] {
    return [...this.files.keys()];
  }

  remove(name: string): void {
    this.files.delete(name);
  }
}

export class DiskFileStore implements FileStore {
  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  write(name: string, text: string): void {
    // Write then rename, so a simulator killed mid-write leaves the old file or the new one, never half of one.
    const target = path.join(this.dir, name);
    const temporary = `${target}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, text);
    fs.renameSync(temporary, target);
  }

  read(name: string): string | undefined {
    try {
      return fs.readFileSync(path.join(this.dir, name), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  stat(name: string): FileInfo | undefined {
    try {
      const stats = fs.statSync(path.join(this.dir, name));
      return { mtime: stats.mtimeMs / 1000, size: stats.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  names(): string[] {
    return fs.readdirSync(this.dir);
  }

  remove(name: string): void {
    fs.rmSync(path.join(this.dir, name), { force: true });
  }
}
