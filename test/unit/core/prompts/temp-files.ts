// Files for the file-reading tests, in a fresh folder under the system temp folder that `remove` deletes.
// Create it in a `before` hook: a folder made while mocha loads files outlives a run that fails to load.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class TempFiles {
  private readonly folder = mkdtempSync(join(tmpdir(), 'scalarlm-prompts-'));

  write(name: string, content: string | Buffer): string {
    const path = join(this.folder, name);
    writeFileSync(path, content);
    return path;
  }

  remove(): void {
    rmSync(this.folder, { recursive: true, force: true });
  }
}
