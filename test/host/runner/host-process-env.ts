// The environment of the VS Code or code-server under test. Its extension host inherits it, which is how
// the suite learns where the page helper listens (see ../suite/helpers/host-env.ts).

/**
 * Variables through which an editor the runner itself was started from (a VS Code or code-server terminal)
 * would capture the editor under test: code-server would hand the folder to that instance and exit.
 */
const ATTACHING_VARIABLES = /^(VSCODE_|ELECTRON_RUN_AS_NODE$|ELECTRON_NO_ATTACH_CONSOLE$)/;

export function hostProcessEnv(suiteEnv: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([key]) => !ATTACHING_VARIABLES.test(key));
  return { ...Object.fromEntries(inherited), ...suiteEnv };
}
