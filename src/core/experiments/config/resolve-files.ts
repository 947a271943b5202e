// `file://` paths and globs of an experiment file -> the files they name, relative to the experiment file's
// folder, each admitted under the file access (in Restricted Mode: inside the workspace, links followed).
// Globs are expanded with fast-glob and sorted, so the order (and the cells' order) is stable.
// (fast-glob rather than tinyglobby: tinyglobby misses files under the current folder for patterns that
// climb out of it, `../**`, and its ESM build does not survive bundling into CommonJS.)

import { stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import glob from 'fast-glob';
import { admitFile, admitGlob, OutsideWorkspaceError, type FileAccess } from '../../files/file-access';

export interface FileMatch {
  /** Absolute. */
  path: string;
  /** From the experiment file's folder, with '/' separators. */
  relativePath: string;
  /** Beside the experiment file as the caller named it, for messages. */
  displayPath: string;
  fromGlob: boolean;
}

/** `refused`: the file access refused it (Restricted Mode); trusting the folder lifts that. */
export type FileResolution = { ok: true; matches: FileMatch[] } | { ok: false; problem: string; refused?: true };

export interface ConfigPlace {
  /** The experiment file as the caller named it. */
  file: string;
  /** Its folder, absolute. */
  dir: string;
  /** Which files its references may reach. */
  access: FileAccess;
}

export async function resolveFiles(pattern: string, place: ConfigPlace): Promise<FileResolution> {
  try {
    return await resolveAdmitted(pattern, place, place.access);
  } catch (error) {
    if (error instanceof OutsideWorkspaceError) return { ok: false, problem: error.message, refused: true };
    throw error;
  }
}

async function resolveAdmitted(pattern: string, place: ConfigPlace, access: FileAccess): Promise<FileResolution> {
  const absolute = resolve(place.dir, pattern);
  const posixPattern = pattern.replace(/\\/g, '/');
  await admitFile(access, absolute, pattern);
  if (glob.isDynamicPattern(posixPattern) && !(await isFile(absolute))) {
    await admitGlob(access, posixPattern, place.dir, pattern);
    const found = (await glob(posixPattern, { cwd: place.dir, onlyFiles: true, absolute: true }))
      .map((path) => resolve(path))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (found.length === 0) return { ok: false, problem: `no files match \`${pattern}\` (looked in ${place.dir})` };
    const matches = found.map((path) => matchOf(path, place, true));
    for (const match of matches) await admitFile(access, match.path, match.relativePath);
    return { ok: true, matches };
  }
  const kind = await kindOf(absolute);
  if (kind === 'missing') return { ok: false, problem: `\`${pattern}\` does not exist (looked for ${absolute}); check the path, which is relative to the experiment file` };
  if (kind === 'folder') return { ok: false, problem: `\`${pattern}\` is a folder; name a file, or a glob such as \`${pattern.replace(/\/$/, '')}/*\`` };
  return { ok: true, matches: [matchOf(absolute, place, false)] };
}

function matchOf(path: string, place: ConfigPlace, fromGlob: boolean): FileMatch {
  const fromDir = relative(place.dir, path);
  return {
    path,
    relativePath: fromDir.split(sep).join('/'),
    displayPath: isAbsolute(place.file) ? path : join(dirname(place.file), fromDir),
    fromGlob,
  };
}

async function kindOf(path: string): Promise<'file' | 'folder' | 'missing'> {
  try {
    return (await stat(path)).isDirectory() ? 'folder' : 'file';
  } catch {
    return 'missing';
  }
}

async function isFile(path: string): Promise<boolean> {
  return (await kindOf(path)) === 'file';
}
