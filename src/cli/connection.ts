// The deployment a command talks to, from --url, $SCALARLM_API_URL or the default, with --header and --timeout.

import { checkBaseUrl } from '../core/api/base-url';
import { ScalarLMClient } from '../core/api/client';
import type { CallOptions } from '../core/api/types';
import { stringOption, numberOption, UsageError, type ParsedArgs } from './command';
import type { CliIO } from './io';

export const DEFAULT_URL = 'http://localhost:8000';

/** Notes already shown by this process (a command may make several clients). */
const noted = new WeakSet<CliIO>();

export function baseUrlOf(args: ParsedArgs, io: CliIO): string {
  const url = stringOption(args, 'url') ?? io.env.SCALARLM_API_URL ?? DEFAULT_URL;
  const checked = checkBaseUrl(url);
  if (!checked.ok) throw new UsageError(`${checked.problem} Pass the deployment's base URL, e.g. --url http://localhost:8000.`);
  if (checked.note && !noted.has(io)) {
    noted.add(io);
    io.stderr.write(`${checked.note}\n`);
  }
  return url;
}

export function headersOf(args: ParsedArgs): Record<string, string> {
  const headers: Record<string, string> = {};
  const given = args.values.header;
  for (const header of Array.isArray(given) ? given : []) {
    const cut = header.indexOf(':');
    if (cut <= 0) throw new UsageError(`--header must look like NAME:VALUE; got "${header}".`);
    headers[header.slice(0, cut).trim()] = header.slice(cut + 1).trim();
  }
  return headers;
}

/** --timeout in milliseconds, when given. */
export function timeoutMsOf(args: ParsedArgs): number | undefined {
  const seconds = numberOption(args, 'timeout', { min: 0.001 });
  return seconds === undefined ? undefined : seconds * 1000;
}

/**
 * A command's client. Several steps of one command want the deployment's model list (the prompt size check, a
 * run's model, an experiment's columns): it is asked once per command. A command that reads its input first can
 * ask early what a run asks first (whether the deployment answers, its model list, its queue), so that the answers
 * are in by the time the input is checked.
 */
export class CommandClient extends ScalarLMClient {
  private modelList: ReturnType<ScalarLMClient['models']> | undefined;
  private earlyKeepalive: ReturnType<ScalarLMClient['keepalive']> | undefined;
  private earlyMetrics: ReturnType<ScalarLMClient['metrics']> | undefined;

  /** Asks now; the first keepalive() and metrics() take these answers. Failures are left to the steps that use them. */
  askEarly(signal: AbortSignal): void {
    this.earlyKeepalive = super.keepalive({ signal });
    this.earlyMetrics = super.metrics({ signal });
    for (const answer of [this.earlyKeepalive, this.earlyMetrics, this.models({ signal })]) answer.catch(() => undefined);
  }

  override models(options?: CallOptions): ReturnType<ScalarLMClient['models']> {
    this.modelList ??= super.models(options);
    return this.modelList;
  }

  override keepalive(options?: CallOptions): ReturnType<ScalarLMClient['keepalive']> {
    const early = this.earlyKeepalive;
    this.earlyKeepalive = undefined;
    return early ?? super.keepalive(options);
  }

  override metrics(options?: CallOptions): ReturnType<ScalarLMClient['metrics']> {
    const early = this.earlyMetrics;
    this.earlyMetrics = undefined;
    return early ?? super.metrics(options);
  }
}

/** Where a command line sets the deployment, named in errors that say to check it. */
export const BASE_URL_SET_BY = '--url, or $SCALARLM_API_URL';

export function clientFor(args: ParsedArgs, io: CliIO): CommandClient {
  return new CommandClient({ baseUrl: baseUrlOf(args, io), headers: headersOf(args), baseUrlSetBy: BASE_URL_SET_BY });
}

/** Runs `body` with a client for this command line and the call options every request shares; closes the client after. */
export async function withClient<T>(args: ParsedArgs, io: CliIO, body: (client: ScalarLMClient, call: CallOptions) => Promise<T>): Promise<T> {
  const client = clientFor(args, io);
  try {
    return await body(client, { signal: io.signal, deadlineMs: timeoutMsOf(args) });
  } finally {
    await client.close();
  }
}
