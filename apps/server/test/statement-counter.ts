import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, UnknownRow } from 'kysely';

/**
 * Counts the SQL statements an app sends (transaction BEGIN/COMMIT not included): hand it to
 * createTestApp as `{ wrapDb: (db) => db.withPlugin(counter) }`.
 */
export class StatementCounter implements KyselyPlugin {
  count = 0;
  /** The kinds of the statements counted (SelectQueryNode, RawNode, …), in order. */
  kinds: string[] = [];
  transformQuery(args: PluginTransformQueryArgs) {
    this.count += 1;
    this.kinds.push(args.node.kind);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
  /** Starts counting again from zero. */
  reset() {
    this.count = 0;
    this.kinds = [];
  }
}
