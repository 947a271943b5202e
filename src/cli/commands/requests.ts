// scalarlm-lab requests [--limit N] [--all] and scalarlm-lab request ID: the server's request browser
// (GET /v1/generate/list_requests and /v1/generate/request/{id}; current servers only).

import type { RequestRow } from '../../core/api/types';
import { numberOption, UsageError, type Command } from '../command';
import { withClient } from '../connection';
import { json, table } from '../format';
import { ambiguousMessage, findByPrefix, listedIdLength, MIN_PREFIX, parseRequestArgument } from '../request-ids';
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
        // Short ids that `scalarlm-lab request` takes back: a prefix of each, unique among these rows.
        const idLength = listedIdLength(rows.map((r) => r.request_id));
        const lines = rows.map((r) => [r.request_id.slice(0, idLength), r.status, String(r.request_count), r.model, new Date(r.mtime * 1000).toISOString().slice(0, 19), r.prompt_preview.replace(/\s+/g, ' ').slice(0, 60)]);
        io.stdout.write(lines.length ? table([['REQUEST', 'STATUS', 'PROMPTS', 'MODEL', 'MODIFIED (UTC)', 'PREVIEW'], ...lines]) : 'No requests stored.\n');
        if (more) io.stderr.write('More rows exist: use --all, or a larger --limit.\n');
      }
      return EXIT.ok;
    });
  },
};

export const requestCommand: Command = {
  name: 'request',
  summary:
    'Show one stored request group: its prompts, results and status (GET /v1/generate/request/{id}).\n' +
    `ID: the group id as \`scalarlm-lab requests\` lists it (64 hex characters, or a unique prefix of at least ${MIN_PREFIX}),\n` +
    'or a per-prompt id such as <group>_000000003, which shows its whole group.',
  usage: 'ID [options]',
  options: {},
  async run(args, io) {
    const [given] = args.positionals;
    if (!given || args.positionals.length > 1) throw new UsageError('Give exactly one request id, as `scalarlm-lab requests` lists it.');
    const wanted = parseRequestArgument(given);
    return withClient(args, io, async (client, call) => {
      let groupId: string;
      if (wanted.kind === 'group') {
        groupId = wanted.groupId;
      } else {
        const found = await findByPrefix(client, wanted.prefix, call);
        switch (found.kind) {
          case 'route-missing':
            io.stderr.write(TOO_OLD);
            return EXIT.fatal;
          case 'none':
            io.stderr.write(`No request starts with ${wanted.prefix} (the deployment has ${found.scanned} stored). List them with: scalarlm-lab requests --all\n`);
            return EXIT.fatal;
          case 'ambiguous':
            io.stderr.write(ambiguousMessage(wanted.prefix, found.matches));
            return EXIT.usage;
          case 'unique':
            groupId = found.groupId;
        }
      }
      const { data } = await client.lookupRequest(groupId, call);
      if (data.state === 'found') {
        io.stdout.write(json(data.detail));
        return EXIT.ok;
      }
      io.stderr.write(data.state === 'not-found' ? `The deployment has no request ${groupId}.\n` : TOO_OLD);
      return EXIT.fatal;
    });
  },
};

const TOO_OLD = 'This deployment is too old to show stored requests (no /v1/generate/request route).\n';
