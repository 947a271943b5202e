// What to do about an experiment's files with unsaved changes before a run reads them from disk: saved
// silently when they are clean of errors (what the editor shows is what the user means), a question when
// the unsaved text holds errors, as VS Code's tasks ask. The wording, as plain data.

export interface UnsavedFile {
  /** As the workspace names it: "exp/promptfooconfig.yaml". */
  name: string;
  /** Error diagnostics on its unsaved text. */
  errors: number;
}

export type UnsavedAnswer = 'saveAndRun' | 'runSaved' | 'cancel';

export interface UnsavedQuestion {
  title: string;
  choices: { answer: UnsavedAnswer; label: string; detail?: string }[];
}

/** Undefined: nothing unsaved holds an error, so the files are saved and the run goes on. */
export function unsavedQuestion(files: readonly UnsavedFile[]): UnsavedQuestion | undefined {
  const withErrors = files.filter((file) => file.errors > 0);
  if (withErrors.length === 0) return undefined;
  const errors = withErrors.reduce((sum, file) => sum + file.errors, 0);
  const where = withErrors.length === 1 ? withErrors[0].name : `${withErrors.length} files`;
  return {
    title: `${where} ${withErrors.length === 1 ? 'has' : 'have'} unsaved changes with ${errors} ${errors === 1 ? 'error' : 'errors'}`,
    choices: [
      { answer: 'saveAndRun', label: 'Save and Run', detail: `Saves ${files.length === 1 ? files[0].name : `${files.length} files`}, errors included, and runs what they say` },
      { answer: 'runSaved', label: 'Run Saved', detail: 'Runs the files as they are on disk; the unsaved changes stay in the editor' },
      { answer: 'cancel', label: 'Cancel' },
    ],
  };
}
