// Which files a reference written in a workspace file may reach: a promptfoo config's `file://` prompts, tests,
// vars and defaultTest (globs included), a .prompty's `sample` and `${file:…}` values. The CLI and a trusted
// workspace read whatever the user's own files name, as promptfoo and Prompty do. In Restricted Mode the files
// come from someone else (a cloned repository): a reference to ../secrets, ~/.ssh or a link pointing out of the
// folder would be shown in a preview and sent to the deployment, whose request browser other users of the
// deployment can read. So there a reference resolves inside a workspace folder after following links, or is
// refused; the loaders place the refusal at the reference's file:line. Inside means by path segments: /ws-evil
// is not inside /ws.

import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import glob from 'fast-glob';

export interface FileAccess {
  /** The workspace folders references must stay inside (any one of them); absent: any file may be read. */
  readonly confineTo?: readonly string[];
}

/** The CLI and trusted workspaces: a reference reads the file it names, wherever it is. */
export const UNCONFINED: FileAccess = Object.freeze({});

/** Restricted Mode: only files inside these folders (absolute paths), links followed. */
export function confinedTo(folders: readonly string[]): FileAccess {
  return { confineTo: folders.map((folder) => resolve(folder)) };
}

/** A reference refused by the access rule; `detailFor` says it with the reference as its file writes it. */
export class OutsideWorkspaceError extends Error {
  constructor(
    /** The path the reference names, absolute. */
    readonly path: string,
    /** Where a link inside the workspace leads, when that is what takes it out. */
    readonly linkTarget: string | undefined,
    private readonly folders: number,
    written: string,
  ) {
    super(refusalDetail(written, path, linkTarget, folders));
    this.name = 'OutsideWorkspaceError';
  }

  detailFor(written: string): string {
    return refusalDetail(written, this.path, this.linkTarget, this.folders);
  }
}

/**
 * Resolves when the file at `path` may be read; throws OutsideWorkspaceError when it lies outside every
 * workspace folder, as written or once links are followed. `written` is the reference as its file writes it,
 * for the message. A file that does not exist inside the folders is let through: reading it says it is missing
 * (and a missing file outside is refused like any other, so the rule tells nothing about what exists there).
 */
export async function admitFile(access: FileAccess, path: string, written = path): Promise<void> {
  const folders = access.confineTo;
  if (folders === undefined) return;
  const absolute = resolve(path);
  const realFolders = await Promise.all(folders.map((folder) => realpath(folder).catch(() => folder)));
  if (!inside([...folders, ...realFolders], absolute)) throw new OutsideWorkspaceError(absolute, undefined, folders.length, written);
  let real: string;
  try {
    real = await realpath(absolute);
  } catch {
    return; // missing, a dangling link or a loop: the read fails and says why
  }
  if (!inside(realFolders, real)) throw new OutsideWorkspaceError(absolute, real, folders.length, written);
}

/**
 * A glob's own folder (what precedes its first wildcard, `../**` -> `..`) must be inside the workspace before
 * anything is listed there; each file it matches is admitted as it is read. `cwd` is where it is relative to.
 */
export async function admitGlob(access: FileAccess, pattern: string, cwd: string, written = pattern): Promise<void> {
  if (access.confineTo === undefined) return;
  for (const task of glob.generateTasks([pattern], { cwd })) await admitFile(access, resolve(cwd, task.base), written);
}

/**
 * A file the user picked in a dialog or a list (a dataset for Run over Dataset…, Use Test Row…): the user's own
 * choice, read wherever they browsed to. A file inside a workspace folder is the workspace's, though, and may be
 * a link it planted: that one must stay inside once links are followed.
 */
export async function admitPicked(access: FileAccess, path: string, written = path): Promise<void> {
  const folders = access.confineTo;
  if (folders === undefined || !inside(folders, resolve(path))) return;
  await admitFile(access, path, written);
}

declare const admits: unique symbol;

/** Reads a file a workspace file names, under a FileAccess: the only kind of reader the loaders take. */
export type GuardedRead = ((path: string) => Promise<string>) & { readonly [admits]: true };

/** `read`, with each path admitted under `access` first (OutsideWorkspaceError when refused). */
export function guardedRead(access: FileAccess, read: (path: string) => Promise<string>): GuardedRead {
  const guarded = async (path: string) => {
    await admitFile(access, path);
    return read(path);
  };
  return guarded as GuardedRead;
}

/** The same reader, given paths mapped first (the rule applies to the mapped path, the one read). */
export function mappedRead(read: GuardedRead, map: (path: string) => string): GuardedRead {
  return ((path: string) => read(map(path))) as GuardedRead;
}

function inside(folders: readonly string[], path: string): boolean {
  return folders.some((folder) => {
    const rest = relative(folder, path);
    return rest === '' || (rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest));
  });
}

function refusalDetail(written: string, path: string, linkTarget: string | undefined, folders: number): string {
  const where = folders === 0 ? 'outside the workspace (this window has no folder open)' : folders === 1 ? 'outside the workspace folder' : 'outside every workspace folder';
  const what = linkTarget === undefined ? `\`${written}\` is ${where} (${path})` : `\`${written}\` is a link to ${linkTarget}, ${where}`;
  return `${what}: in Restricted Mode, files a workspace file names are read only inside the workspace; trust the folder (Manage Workspace Trust) to read it, or move the file into the workspace`;
}
