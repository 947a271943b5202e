// Before a run sends anything: does the URL answer as a ScalarLM deployment, and is every model the run names one
// it has? One GET /v1/models settles the first (a deployment answers it with the OpenAI model list, protocol §7)
// and most of the second; the training jobs are asked only for a name the list lacks, since the server also takes
// the hash of a job whose checkpoints it finds (§1.1). A refusal names the model as the user gave it: the server's
// own 404 says "Model None" whatever was sent. Only a definite answer refuses; a deployment that cannot say
// (vLLM down, an older server, a slow route) is left to the run, which says what happens.

import type { ScalarLMApi } from '../api/api';
import { MalformedResponseError, NonJsonBodyError, ScalarLMError } from '../api/errors';

/** `latest` is resolved by the server to its newest training job (§1.1). */
const SERVER_ALIASES = new Set(['latest']);

const list = new Intl.ListFormat('en', { type: 'conjunction' });

/**
 * Why the run must not start, in a sentence ending "Nothing was sent."; undefined when the deployment answers as
 * ScalarLM and has every model named (an undefined model is the deployment's default).
 */
export async function deploymentProblem(api: ScalarLMApi, models: readonly (string | undefined)[], signal?: AbortSignal): Promise<string | undefined> {
  let served: string[];
  try {
    served = (await api.models({ signal })).data.map((model) => model.id);
  } catch (error) {
    if (signal?.aborted || !(error instanceof ScalarLMError)) throw error;
    const answered = notScalarLMAnswer(error);
    return answered && `${api.baseUrl} does not answer as a ScalarLM deployment: GET /v1/models answered ${answered}, not a model list. Check the deployment's base URL. Nothing was sent.`;
  }
  const unlisted = [...new Set(models)].filter((model): model is string => model !== undefined && !SERVER_ALIASES.has(model) && !served.includes(model));
  if (unlisted.length === 0) return undefined;
  const unknown = await withoutTrainingJobs(api, unlisted, signal);
  if (unknown.length === 0) return undefined;
  const names = list.format(unknown.map((model) => `"${model}"`));
  const what = unknown.length === 1 ? `the model ${names}: it is not in its model list, and it has no training job of that name` : `the models ${names}: they are not in its model list, and it has no training jobs of those names`;
  const serves = served.length ? `It serves: ${served.join(', ')}.` : 'It lists no models.';
  return `The deployment does not serve ${what}. ${serves} Nothing was sent.`;
}

/** What a server answered that no ScalarLM deployment would: a page, or a body that is no model list. */
function notScalarLMAnswer(error: ScalarLMError): string | undefined {
  if (error instanceof NonJsonBodyError) {
    const type = error.contentType?.split(';')[0].trim();
    // A deployment whose vLLM is unreachable answers a plain-text 500 here: that is ScalarLM, down.
    if (type === 'text/html' || (error.status >= 200 && error.status < 300)) return `HTTP ${error.status} ${type || 'with no content type'}`;
  }
  if (error instanceof MalformedResponseError) return 'JSON of another shape';
  return undefined;
}

/** The names no training job has; none when the jobs cannot be read (the server is left to judge them). */
async function withoutTrainingJobs(api: ScalarLMApi, names: string[], signal?: AbortSignal): Promise<string[]> {
  try {
    const lookup = (await api.trainingJobs({ signal })).data;
    if (lookup.state !== 'found') return [];
    const jobs = new Set(lookup.jobs.map((job) => job.name));
    return names.filter((name) => !jobs.has(name));
  } catch (error) {
    if (signal?.aborted || !(error instanceof ScalarLMError)) throw error;
    return [];
  }
}
