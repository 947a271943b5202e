// Empties build folders before a compile: tsc leaves stale .js files of deleted sources behind.
import { rmSync } from 'node:fs';

for (const dir of process.argv.slice(2)) rmSync(dir, { recursive: true, force: true });
