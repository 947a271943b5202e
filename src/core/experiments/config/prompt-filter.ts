// promptfoo's `prompts` of a provider (its readProviderPromptMap and doesPromptRefMatch): a name matches a
// prompt by its label or id, `name*` by their start, and `name` also matches `name: …` (the label promptfoo and
// this project give each match of a labelled glob, or part of a labelled file).

export interface PromptNames {
  label: string;
  id?: string;
}

export function promptMatches(name: string, prompt: PromptNames): boolean {
  const names = [prompt.label, ...(prompt.id !== undefined ? [prompt.id] : [])];
  if (names.includes(name)) return true;
  if (name.endsWith('*') && names.some((one) => one.startsWith(name.slice(0, -1)))) return true;
  return names.some((one) => one.startsWith(`${name}:`));
}

/** Whether the provider runs the prompt: every prompt when it names none. */
export function providerRuns(provider: { prompts?: readonly string[] }, prompt: PromptNames): boolean {
  return provider.prompts === undefined || provider.prompts.some((name) => promptMatches(name, prompt));
}
