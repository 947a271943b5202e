// scalarlm-lab requests [--limit N] [--all] and scalarlm-lab request ID: the server's request browser
// (GET /v1/generate/list_requests and /v1/generate/request/{id}; current servers only).

import type { RequestRow } from '../../core/api/types';
import { numberOption, UsageError, type Command } from '../command';
import { withClient } from '../connection';
import { json, table } from '../format';
import { EXIT } from '../io';

export const requestsCommand: Command = {
  name: 'requests',
  summary: 'List the requests the deployment has stored, newest first (GET /v1/generate/list_requests).',
  usage: '[--limit N] [--all] [options]',
  options: {
    limit: { type: 'string', valueName: 'N', description: 'Rows per page, 1-200 (default 50)' },
    all: { type: 'boolean', description: 'Follow the cursor through every page' },
  },
  async run(args, io) {
    const limit = numberOption(args, 'limit', { integer: true, min: 1, max: 200 }) ?? 50;
    return withClient(args, io, async (client, options) => {
      const rows: RequestRow[] = [];
      let more = false;
      if (args.values.all) {
        for await (const row of client.allRequests({ ...options, pageSize: limit })) {
          if (args.values.json) io.stdout.write(JSON.stringify(row) + '\n');
          else rows.push(row);
        }
      } else {
        const { data } = await client.listRequests({ limit }, options);
        if (args.values.json) io.stdout.write(json(data));
        rows.push(...data.rows);
        more = data.has_more;
      }
      if (!args.values.json) {
        const lines = rows.map((r) => [r.request_id.slice(0, 12), r.status, String(r.request_count), r.model, new Date(r.mtime * 1000).toISOString().slice(0, 19), r.prompt_preview.replace(/\s+/g, ' ').slice(0, 60)]);
        io.stdout.write(lines.length ? table([['REQUEST', 'STATUS', 'PROMPTS', 'MODEL', 'MODIFIED (UTC)', 'PREVIEW'], ...lines]) : 'No requests stored.\n');
        if (more) io.stderr.write('More rows exist: use --all, or a larger --limit.\n');
      }
      return EXIT.ok;
    });
  },
};

export const requestCommand: Command = {
  name: 'request',
  summary: 'Show one stored request group: its prompts, results and status (GET /v1/generate/request/{id}).',
  usage: 'ID [options]',
  options: {},
  async run(args, io) {
    const [id] = args.positionals;
    if (!id || args.positionals.length > 1) throw new UsageError('Give exactly one request id (the 64-hex group id from `scalarlm-lab requests`).');
    const groupId = id.split('_')[0];
    return withClient(args, io, async (client, call) => {
      const { data } = await client.lookupRequest(groupId, call);
      if (data.state === 'found') {
        io.stdout.write(json(data.detail));
        return EXIT.ok;
      }
      io.stderr.write(
        data.state === 'not-found'
          ? `The deployment has no request ${groupId}.\n`
          : 'This deployment is too old to show stored requests (no /v1/generate/request route).\n',
      );
      return EXIT.fatal;
    });
  },
};
